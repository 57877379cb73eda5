"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { recordAdminAction } from "@/lib/audit/record";
import { requireAdminPage } from "@/lib/auth/session";
import { endAllSessions } from "@/lib/auth/sessions";
import { setUserDisabled } from "@/lib/db/users";

const setDisabledInput = z.object({ userId: z.string().min(1), disabled: z.boolean() });

/**
 * Disables or re-enables an account; disabling also ends all its sessions at once (re-enabling
 * does not bring them back). Non-admins get a 404, exactly as for admin pages.
 */
export async function setUserDisabledAction(input: {
  userId: string;
  disabled: boolean;
}): Promise<ActionResult> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const parsed = setDisabledInput.safeParse(input);
    if (!parsed.success) return failed("bad_request");
    if (parsed.data.userId === admin.id) return failed("forbidden:own_account");
    const { before, user } = await setUserDisabled({
      id: parsed.data.userId,
      disabled: parsed.data.disabled,
    });
    if (parsed.data.disabled) await endAllSessions({ userId: parsed.data.userId });
    if (before !== user.disabled) {
      await recordAdminAction({
        actor: admin,
        kind: "user",
        targetUser: user,
        changes: [{ key: "disabled", from: before ? "yes" : "no", to: user.disabled ? "yes" : "no" }],
      });
    }
    revalidatePath("/admin");
    return succeeded(null);
  }, input);
}
