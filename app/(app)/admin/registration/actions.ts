"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { recordAdminAction } from "@/lib/audit/record";
import {
  createInvite,
  createInviteSchema,
  registrationModeSchema,
  registrationStatus,
  revokeInvite,
  setRegistrationMode,
} from "@/lib/auth/registration";
import { requireAdminPage } from "@/lib/auth/session";
import { fieldErrors } from "@/lib/auth/validation";
import { text } from "@/lib/errors";

// Admin → Registration. Non-admins get a 404, exactly as for admin pages.

export async function setRegistrationModeAction(form: FormData): Promise<ActionResult<{ mode: string }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const parsed = registrationModeSchema.safeParse(form.get("mode"));
    if (!parsed.success) return failed("bad_request:registration_mode");
    const before = await registrationStatus();
    const status = await setRegistrationMode({ mode: parsed.data });
    if (before.adminMode !== status.adminMode) {
      await recordAdminAction({
        actor: admin,
        kind: "registration",
        changes: [{ key: "mode", from: before.adminMode, to: status.adminMode }],
      });
    }
    revalidatePath("/admin/registration");
    const t = await getTranslations("admin");
    const saved =
      status.mode !== parsed.data
        ? t("notices.registrationCapped", { mode: t(`registration.modeName.${status.mode}`) })
        : t("notices.registrationSaved");
    return succeeded({ mode: status.mode }, saved);
  });
}

export async function createInviteAction(
  form: FormData,
): Promise<ActionResult<{ code: string; expiresAt: string }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const parsed = createInviteSchema.safeParse({
      expiresInDays: form.get("expiresInDays"),
      note: form.get("note") ?? "",
    });
    if (!parsed.success) {
      return failed("bad_request:invite", text("bad_request.fix_fields"), fieldErrors(parsed.error));
    }
    const invite = await createInvite({ adminId: admin.id, ...parsed.data });
    // The code itself never reaches the log (it is a credential until used).
    await recordAdminAction({
      actor: admin,
      kind: "invite",
      target: parsed.data.note || undefined,
      changes: [{ key: "invite:create", from: null, to: `expires ${invite.expiresAt.toISOString()}` }],
    });
    revalidatePath("/admin/registration");
    return succeeded(
      { code: invite.code, expiresAt: invite.expiresAt.toISOString() },
      (await getTranslations("admin.notices"))("inviteCreated"),
    );
  });
}

export async function revokeInviteAction(input: { id: string }): Promise<ActionResult> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const parsed = z.object({ id: z.string().min(1).max(100) }).safeParse(input);
    if (!parsed.success) return failed("bad_request");
    const revoked = await revokeInvite({ id: parsed.data.id });
    await recordAdminAction({
      actor: admin,
      kind: "invite",
      target: revoked.note || undefined,
      changes: [{ key: "invite:revoke", from: `expires ${revoked.expiresAt.toISOString()}`, to: null }],
    });
    revalidatePath("/admin/registration");
    return succeeded(null, (await getTranslations("admin.notices"))("inviteRevoked"));
  });
}
