"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { removeUserEndpointKey, setUserEndpointKey } from "@/lib/endpoints/personal-keys";
import { isAppError } from "@/lib/errors";
import { SecretError } from "@/lib/providers";

// A user's own API keys. Each action authenticates itself; the key is encrypted before it is
// stored and never sent back (the page shows its last 4 characters).

export type KeyResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

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

export async function saveMyKeyAction(raw: unknown): Promise<KeyResult> {
  const user = await requireUser();
  const r = saveInput.safeParse(raw);
  if (!r.success)
    return { ok: false, message: r.error.issues[0]?.message ?? "Invalid request.", field: "apiKey" };
  try {
    await setUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId, apiKey: r.data.apiKey });
  } catch (err) {
    if (isAppError(err) || err instanceof SecretError) return { ok: false, message: err.message };
    throw err;
  }
  revalidatePath("/settings");
  return { ok: true, message: "Your key is saved." };
}

export async function removeMyKeyAction(raw: unknown): Promise<KeyResult> {
  const user = await requireUser();
  const r = z.object({ endpointId }).safeParse(raw);
  if (!r.success) return { ok: false, message: "Invalid request." };
  await removeUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId });
  revalidatePath("/settings");
  return { ok: true, message: "Your key is removed." };
}
