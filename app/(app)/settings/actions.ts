"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { requireUser } from "@/lib/auth/session";
import { removeUserEndpointKey, setUserEndpointKey } from "@/lib/endpoints/personal-keys";
import { text } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";

// A user's own API keys. Each action authenticates itself; the key is encrypted before it is
// stored and never sent back (the page shows its last 4 characters).

const endpointId = z.string().min(1).max(100);
const saveInput = z.object({
  endpointId,
  apiKey: z
    .string()
    .trim()
    .min(1, "field.api_key_required")
    .max(1000, "field.api_key_long")
    .refine((v) => !/\s/.test(v), "field.api_key_spaces"),
});

export async function saveMyKeyAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = saveInput.safeParse(raw);
    if (!r.success) {
      const message = issueText(r.error.issues[0]);
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
    if (!r.success) return failed("bad_request:personal_key", text("generic.bad_request"));
    await removeUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId });
    revalidatePath("/settings");
    return succeeded(null, "Your key is removed.");
  }, raw);
}
