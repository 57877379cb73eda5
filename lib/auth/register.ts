import "server-only";
import { grantStarterTeam } from "@/lib/builder/starter-team";
import { createUserWithPassword, type PublicUser } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { hashPassword, passwordWeakness } from "./password";
import { fieldErrors, registerSchema } from "./validation";

/**
 * Validates a sign-up form and creates the account with its starter team. Nothing is written
 * when it throws.
 */
export async function registerUser({ input }: { input: unknown }): Promise<PublicUser> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request:register", "Please fix the highlighted fields.", {
      fields: fieldErrors(parsed.error),
    });
  }
  const { name, email, password } = parsed.data;
  const weakness = passwordWeakness(password, email);
  if (weakness) {
    throw new AppError("bad_request:weak_password", `That password is too weak. ${weakness}`, {
      fields: { password: weakness },
    });
  }
  const user = await createUserWithPassword({ name, email, passwordHash: await hashPassword(password) });
  await grantStarterTeam({ userId: user.id });
  return user;
}
