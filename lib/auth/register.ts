import "server-only";
import { grantStarterTeam } from "@/lib/builder/starter-team";
import { AdmissionRefused, createUserWithPassword, type PublicUser } from "@/lib/db/users";
import { AppError, text } from "@/lib/errors";
import { hashPassword, passwordWeakness } from "./password";
import { admissionFor } from "./registration";
import { fieldErrors, registerSchema } from "./validation";

/**
 * Validates a sign-up form and creates the account with its starter team, if the registration
 * mode admits it (lib/auth/registration.ts; an invite code comes as `input.invite`). Nothing is
 * written when it throws.
 */
export async function registerUser({
  input,
  locale,
}: {
  input: unknown;
  /** The request's language: the starter team is created in it. */
  locale?: Parameters<typeof grantStarterTeam>[0]["locale"];
}): Promise<PublicUser> {
  const rawInvite = (input as { invite?: unknown } | null)?.invite;
  const admission = await admissionFor({
    invite: typeof rawInvite === "string" && rawInvite.trim() ? rawInvite.trim().slice(0, 200) : undefined,
  });
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) {
    // Every field's problem at once: a weak password is named next to a bad email, not after it.
    const fields = fieldErrors(parsed.error);
    const raw = input as { password?: unknown; email?: unknown } | null;
    if (!fields.password && typeof raw?.password === "string") {
      const weak = passwordWeakness(raw.password, typeof raw.email === "string" ? raw.email : "");
      if (weak) fields.password = text(weak);
    }
    throw new AppError("bad_request:register", { key: "bad_request.fix_fields", fields });
  }
  const { name, email, password } = parsed.data;
  const weakness = passwordWeakness(password, email);
  if (weakness) {
    throw new AppError("bad_request:weak_password", {
      values: { reason: text(weakness) },
      fields: { password: text(weakness) },
    });
  }
  let user: PublicUser;
  try {
    user = await createUserWithPassword({
      name,
      email,
      passwordHash: await hashPassword(password),
      ...admission,
    });
  } catch (err) {
    if (err instanceof AdmissionRefused) {
      throw err.reason === "invite_invalid"
        ? new AppError("forbidden:invite_invalid")
        : new AppError("forbidden:registration_closed");
    }
    throw err;
  }
  await grantStarterTeam({ userId: user.id, locale });
  return user;
}
