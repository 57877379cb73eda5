import "server-only";
import { z } from "zod";
import {
  consumePasswordReset,
  countRecentResets,
  findLiveReset,
  insertPasswordReset,
} from "@/lib/db/password-resets";
import { findUserForSignIn } from "@/lib/db/users";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { issueText, zodFieldErrors } from "@/lib/http/zod-fields";
import { chooseLocale, type Locale } from "@/lib/i18n/locales";
import { textTranslatorFor } from "@/lib/i18n/translator";
import { mailConfigured, sendMail } from "@/lib/mail/mailer";
import { redactSecrets } from "@/lib/providers/errors";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "@/lib/util/secret-token";
import { hashPassword, passwordWeakness } from "./password";
import { emailSchema } from "./validation";

// "Forgot password": a link that works once, for an hour, mailed to the account's address through
// the operator's SMTP server — or, without one, made by an admin to pass on. Asking never says
// whether an account exists (the same answer, and mail only to a real account with a password);
// at most RESETS_PER_HOUR links per account an hour, so nobody can flood an inbox. Using a link
// sets the new password and signs the account out everywhere.

const TOKEN_PREFIX = "pr_";
const LINK_TTL_MS = 60 * 60 * 1000;
const RESETS_PER_HOUR = 3;

export const resetPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

/** A new link for an account, or null when it may have no more this hour. */
async function newLink(userId: string, now: Date): Promise<string | null> {
  if ((await countRecentResets({ userId, since: new Date(now.getTime() - LINK_TTL_MS) })) >= RESETS_PER_HOUR)
    return null;
  const { secret, hash } = newSecretToken(TOKEN_PREFIX);
  await insertPasswordReset({ userId, tokenHash: hash, expiresAt: new Date(now.getTime() + LINK_TTL_MS) });
  return secret;
}

/**
 * A visitor asks for a link for `email`. Resolves the same way whether or not the account exists;
 * mails the link only to an enabled account with a password. Without SMTP it does nothing (the
 * page says to ask an administrator).
 */
export async function requestPasswordReset({
  input,
  locale,
  now = new Date(),
}: {
  input: unknown;
  locale: Locale;
  now?: Date;
}): Promise<void> {
  const parsed = z.object({ email: emailSchema }).safeParse(input);
  if (!parsed.success)
    throw new AppError("bad_request:email", {
      ...issueText(parsed.error.issues[0]),
      fields: zodFieldErrors(parsed.error),
    });
  if (!mailConfigured()) return;
  const user = await findUserForSignIn({ email: parsed.data.email });
  if (!user?.passwordHash || user.disabled) return;
  const token = await newLink(user.id, now);
  if (!token) return;
  const t = await textTranslatorFor(chooseLocale(user.locale, locale));
  const link = `${(env().AUTH_URL ?? "").replace(/\/+$/, "")}${resetPath(token)}`;
  try {
    await sendMail({
      to: user.email,
      subject: t("auth.reset.mailSubject"),
      text: t("auth.reset.mailText", { link, name: user.name ?? user.email }),
    });
  } catch (err) {
    // Answered like any other request (an error here would tell that the account exists); the
    // operator sees why in the log, without the SMTP address (it may hold a password).
    const reason = redactSecrets(err instanceof Error ? err.message : String(err)).replace(
      /\/\/[^/\s@]+@/g,
      "//[redacted]@",
    );
    console.warn(JSON.stringify({ level: "warn", msg: "password reset mail not sent", error: reason }));
  }
}

/** An admin's link for a user (Admin → Users), to pass on when no mail is configured. */
export async function adminResetLink({ userId, now = new Date() }: { userId: string; now?: Date }) {
  const token = await newLink(userId, now);
  if (!token) throw new AppError("rate_limit:password_reset");
  return resetPath(token);
}

const resetInput = z.object({
  token: z.string().max(100),
  password: z
    .string({ error: "field.password_required" })
    .min(1, "field.password_required")
    .max(200, "field.password_long"),
});

/** Sets a new password with a live link; the link is used up and every session ends. */
export async function resetPassword({
  input,
  now = new Date(),
}: {
  input: unknown;
  now?: Date;
}): Promise<void> {
  const parsed = resetInput.safeParse(input);
  if (!parsed.success)
    throw new AppError("bad_request:password", {
      ...issueText(parsed.error.issues[0]),
      fields: zodFieldErrors(parsed.error),
    });
  const { token, password } = parsed.data;
  const found = looksLikeSecretToken(token, TOKEN_PREFIX)
    ? await findLiveReset({ tokenHash: hashSecretToken(token), now })
    : null;
  if (!found || found.user.disabled) throw new AppError("not_found:password_reset");
  const weakness = passwordWeakness(password, found.user.email);
  if (weakness)
    throw new AppError("bad_request:password", { key: weakness, fields: { password: { key: weakness } } });
  const used = await consumePasswordReset({
    id: found.id,
    userId: found.user.id,
    passwordHash: await hashPassword(password),
    now,
  });
  if (!used) throw new AppError("not_found:password_reset");
}
