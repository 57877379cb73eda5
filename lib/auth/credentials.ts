import "server-only";
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from "@/lib/db/auth-throttle";
import { findUserForSignIn } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { dummyPasswordHash, verifyPassword } from "./password";
import { signInSchema } from "./validation";

export interface SignedInUser {
  id: string;
  name: string | null;
  email: string;
  role: "USER" | "ADMIN";
}

/**
 * Checks an email/password pair. Failures never say whether the email or the password was
 * wrong; repeated failures from one address are slowed down (see lib/db/auth-throttle.ts).
 */
export async function authorizeCredentials({
  input,
  clientKey,
}: {
  input: unknown;
  clientKey: string;
}): Promise<SignedInUser> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request:credentials", "Enter your email and password.");

  const wait = await signInWaitSeconds({ key: clientKey });
  if (wait > 0) {
    throw new AppError("rate_limit:signin", `Too many failed sign-ins. Try again in ${wait} seconds.`, {
      retryAfter: wait,
    });
  }

  const user = await findUserForSignIn({ email: parsed.data.email });
  // Always run scrypt, even for unknown emails, so timing doesn't reveal which accounts exist.
  const ok = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash || !ok) {
    await recordSignInFailure({ key: clientKey });
    throw new AppError("unauthorized:credentials", "That email and password don't match an account.");
  }
  if (user.disabled) {
    throw new AppError(
      "forbidden:account_disabled",
      "This account has been disabled. Contact your administrator.",
    );
  }
  await clearSignInFailures({ key: clientKey });
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}
