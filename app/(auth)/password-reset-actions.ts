"use server";
import { type ActionResult, runAction, succeeded } from "@/lib/action-result";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { requestLocale } from "@/lib/i18n/request-locale";

// "Forgot password" and the link's page. Neither needs a session; neither says whether an
// account exists (asking always succeeds; a dead link is one 404 whatever the reason).

export async function requestPasswordResetAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await requestPasswordReset({ input: raw, locale: await requestLocale() });
    return succeeded(null);
  }, raw);
}

export async function resetPasswordAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await resetPassword({ input: raw });
    return succeeded(null);
  }, raw);
}
