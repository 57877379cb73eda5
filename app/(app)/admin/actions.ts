"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { recordAdminAction } from "@/lib/audit/record";
import { adminResetLink } from "@/lib/auth/password-reset";
import { requireAdminPage } from "@/lib/auth/session";
import { endAllSessions } from "@/lib/auth/sessions";
import { findUserById, setUserDisabled } from "@/lib/db/users";

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

/**
 * A password reset link for another user, to pass on (when the server sends no mail, or the mail
 * did not arrive): it works once, for an hour; making one is written to the audit log.
 */
export async function makeResetLinkAction(input: {
  userId: string;
}): Promise<ActionResult<{ path: string }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const parsed = z.object({ userId: z.string().min(1).max(100) }).safeParse(input);
    if (!parsed.success) return failed("bad_request");
    if (parsed.data.userId === admin.id) return failed("forbidden:own_account");
    const user = await findUserById({ id: parsed.data.userId });
    if (!user || user.disabled) return failed("not_found:user");
    const path = await adminResetLink({ userId: user.id });
    await recordAdminAction({
      actor: admin,
      kind: "user",
      targetUser: user,
      changes: [{ key: "password_reset_link", from: null, to: "made" }],
    });
    return succeeded({ path });
  }, input);
}
