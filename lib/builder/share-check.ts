import "server-only";
import { type RegistrationMode, registrationStatus } from "@/lib/auth/registration";
import { emailSchema } from "@/lib/auth/validation";
import { findUsersByEmails } from "@/lib/db/agents-users";

/** At most this many addresses are looked up in one check (the form's whole list, typed). */
export const SHARE_CHECK_MAX = 50;

/** The accounts these addresses (lower-cased) belong to, and the addresses no account uses, in order. */
export async function accountsForEmails(
  emails: string[],
): Promise<{ users: { id: string; email: string }[]; missing: string[] }> {
  const users = await findUsersByEmails({ emails });
  return { users, missing: emails.filter((e) => !users.some((u) => u.email === e)) };
}

export interface ShareCheck {
  /** Addresses that are not email addresses. */
  invalid: string[];
  /** Well-formed addresses no account uses: saving would refuse them. */
  unknown: string[];
  /** How such a person could get an account ("invite": only with an admin's invite link). */
  registration: RegistrationMode;
  /** The checking user may create that invite (an admin, while registration is invite-only). */
  canInvite: boolean;
}

/**
 * What saving a shared agent would say about these addresses, asked while they are typed.
 * Account enumeration: this answers "does an account use this address?" to any signed-in user,
 * which is exactly what saving a shared agent already answers ("No account uses …"), so it opens
 * no new oracle — it only answers sooner. It never says who the account is (no name, no id), it
 * is for signed-in users only, and one call checks at most SHARE_CHECK_MAX addresses. The mode
 * of registration it reports is what the public register page shows anyway.
 */
export async function checkShareEmails({
  emails,
  isAdmin,
}: {
  emails: string[];
  isAdmin: boolean;
}): Promise<ShareCheck> {
  const list = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))].slice(
    0,
    SHARE_CHECK_MAX,
  );
  const invalid = list.filter((e) => !emailSchema.safeParse(e).success);
  const wellFormed = list.filter((e) => !invalid.includes(e));
  const unknown = wellFormed.length ? (await accountsForEmails(wellFormed)).missing : [];
  const { mode } = await registrationStatus();
  return { invalid, unknown, registration: mode, canInvite: isAdmin && mode === "invite" };
}
