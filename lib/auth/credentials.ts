import "server-only";
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from "@/lib/db/auth-throttle";
import { findUserForSignIn } from "@/lib/db/users";
import { AppError, durationText } from "@/lib/errors";
import { addressThrottleKey } from "./client-address";
import { dummyPasswordHash, verifyPassword } from "./password";
import { signInSchema } from "./validation";

export interface SignedInUser {
  id: string;
  name: string | null;
  email: string;
  role: "USER" | "ADMIN";
}

/** The throttle key of an account: its normalized email, whether or not the account exists. */
export function accountThrottleKey(email: string): string {
  return `acct:${email}`;
}

/**
 * Checks an email/password pair. Failures never say whether the email or the password was
 * wrong. Repeated failures are slowed down per client address and per account (see
 * lib/db/auth-throttle.ts), so neither rotating addresses nor rotating accounts helps a guesser.
 * An unknown address (the app is not run by scripts/server.ts) is throttled per account only,
 * so one client cannot lock everyone out.
 */
export async function authorizeCredentials({
  input,
  clientAddress,
}: {
  input: unknown;
  clientAddress: string | null;
}): Promise<SignedInUser> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request:credentials");

  const keys = [accountThrottleKey(parsed.data.email)];
  if (clientAddress) keys.push(addressThrottleKey(clientAddress));
  const wait = await signInWaitSeconds({ keys });
  if (wait > 0) {
    throw new AppError("rate_limit:signin", { values: { wait: durationText(wait) }, retryAfter: wait });
  }

  const user = await findUserForSignIn({ email: parsed.data.email });
  // Always run scrypt, even for unknown emails, so timing doesn't reveal which accounts exist.
  const ok = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash || !ok) {
    await recordSignInFailure({ keys });
    throw new AppError("unauthorized:credentials");
  }
  if (user.disabled) {
    throw new AppError("forbidden:account_disabled");
  }
  await clearSignInFailures({ keys });
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}
