"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { createApiKey, createKeyInput } from "@/lib/api/keys";
import { requireUser } from "@/lib/auth/session";
import { revokeUserApiKey } from "@/lib/db/api-keys";
import { text } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";

// Settings → API keys. Each action authenticates itself and touches only the caller's own keys.
// The secret is returned once, by the create action, and is never readable again.

export async function createApiKeyAction(raw: unknown): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const user = await requireUser();
    const r = createKeyInput.safeParse(raw);
    if (!r.success) {
      const fields = zodFieldErrors(r.error);
      return failed("bad_request:api_key", Object.values(fields)[0], fields);
    }
    const { secret } = await createApiKey({ userId: user.id, input: r.data });
    revalidatePath("/settings/api-keys");
    return succeeded({ secret });
  }, raw);
}

export async function revokeApiKeyAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = z.object({ id: z.string().min(1).max(100) }).safeParse(raw);
    if (!r.success) return failed("bad_request:api_key", text("generic.bad_request"));
    if (!(await revokeUserApiKey({ userId: user.id, id: r.data.id }))) return failed("not_found:api_key");
    revalidatePath("/settings/api-keys");
    return succeeded(null);
  }, raw);
}
