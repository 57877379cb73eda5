"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { requireUser } from "@/lib/auth/session";
import { removeUserEndpointKey, setUserEndpointKey } from "@/lib/endpoints/personal-keys";

// A user's own API keys. Each action authenticates itself; the key is encrypted before it is
// stored and never sent back (the page shows its last 4 characters).

const endpointId = z.string().min(1).max(100);
const saveInput = z.object({
  endpointId,
  apiKey: z
    .string()
    .trim()
    .min(1, "Enter your API key.")
    .max(1000, "At most 1000 characters.")
    .refine((v) => !/\s/.test(v), "An API key has no spaces."),
});

export async function saveMyKeyAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = saveInput.safeParse(raw);
    if (!r.success) {
      const message = r.error.issues[0]?.message ?? "Invalid request.";
      return failed("bad_request:personal_key", message, { apiKey: message });
    }
    await setUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId, apiKey: r.data.apiKey });
    revalidatePath("/settings");
    return succeeded(null, "Your key is saved.");
  }, raw);
}

export async function removeMyKeyAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = z.object({ endpointId }).safeParse(raw);
    if (!r.success) return failed("bad_request:personal_key", "Invalid request.");
    await removeUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId });
    revalidatePath("/settings");
    return succeeded(null, "Your key is removed.");
  }, raw);
}
