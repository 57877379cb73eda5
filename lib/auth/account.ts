import "server-only";
import { z } from "zod";
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from "@/lib/db/auth-throttle";
import { passwordHashOf, replacePassword, setUserName } from "@/lib/db/users";
import { AppError, durationText } from "@/lib/errors";
import { issueText, zodFieldErrors } from "@/lib/http/zod-fields";
import { accountThrottleKey } from "./credentials";
import { hashPassword, passwordWeakness, verifyPassword } from "./password";
import { registerSchema } from "./validation";

// Settings → Account: the profile name, and a new password for accounts that have one. A wrong
// current password counts as a failed sign-in of the account (the same throttle), so this form is
// no faster way to guess it; a changed password ends every other session of the account.

const nameInput = registerSchema.pick({ name: true });

export async function changeName({ userId, input }: { userId: string; input: unknown }): Promise<string> {
  const parsed = nameInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request:profile", {
      ...issueText(parsed.error.issues[0]),
      fields: zodFieldErrors(parsed.error),
    });
  }
  await setUserName({ id: userId, name: parsed.data.name });
  return parsed.data.name;
}

const passwordInput = z.object({
  current: z
    .string({ error: "field.password_missing" })
    .min(1, "field.password_missing")
    .max(200, "field.password_long"),
  next: z
    .string({ error: "field.password_required" })
    .min(1, "field.password_required")
    .max(200, "field.password_long"),
});

/** Sets a new password after checking the current one; returns how many other sessions ended. */
export async function changePassword({
  user,
  sessionToken,
  input,
}: {
  user: { id: string; email: string };
  /** The session that changes it: it stays signed in. */
  sessionToken?: string;
  input: unknown;
}): Promise<number> {
  const parsed = passwordInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request:password", {
      ...issueText(parsed.error.issues[0]),
      fields: zodFieldErrors(parsed.error),
    });
  }
  const stored = await passwordHashOf({ id: user.id });
  if (!stored) throw new AppError("conflict:no_password");
  const keys = [accountThrottleKey(user.email)];
  const wait = await signInWaitSeconds({ keys });
  if (wait > 0)
    throw new AppError("rate_limit:signin", { values: { wait: durationText(wait) }, retryAfter: wait });
  if (!(await verifyPassword(parsed.data.current, stored))) {
    await recordSignInFailure({ keys });
    throw new AppError("bad_request:password", {
      key: "field.password_wrong",
      fields: { current: { key: "field.password_wrong" } },
    });
  }
  const weakness = passwordWeakness(parsed.data.next, user.email);
  if (weakness)
    throw new AppError("bad_request:password", { key: weakness, fields: { next: { key: weakness } } });
  await clearSignInFailures({ keys });
  return replacePassword({
    id: user.id,
    passwordHash: await hashPassword(parsed.data.next),
    keepSession: sessionToken,
  });
}
