"use server";
import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth";
import { registerUser } from "@/lib/auth/register";
import { currentUser } from "@/lib/auth/session";
import { endAllSessions } from "@/lib/auth/sessions";
import { isAppError } from "@/lib/errors";

export interface AuthFormState {
  message?: string;
  fields?: Record<string, string>;
  values?: { name?: string; email?: string };
}

const SIGN_IN_MESSAGES: Record<string, string> = {
  "unauthorized:credentials": "That email and password don't match an account.",
  "bad_request:credentials": "Enter your email and password.",
  "forbidden:account_disabled": "This account has been disabled. Contact your administrator.",
};

function signInMessage(code: string | undefined): string {
  const [kind, retry] = (code ?? "").split("|");
  if (kind === "rate_limit:signin")
    return `Too many failed sign-ins. Try again in ${retry ?? "a few"} seconds.`;
  return SIGN_IN_MESSAGES[kind] ?? "Sign-in failed. Please try again.";
}

export async function signInAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", { email, password: String(form.get("password") ?? ""), redirectTo: "/chat" });
    return {};
  } catch (err) {
    // A successful signIn throws Next's redirect, which must propagate.
    if (err instanceof AuthError) {
      return { message: signInMessage((err as AuthError & { code?: string }).code), values: { email } };
    }
    throw err;
  }
}

export async function registerAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const input = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
    invite: String(form.get("invite") ?? ""),
  };
  const values = { name: input.name, email: input.email };
  try {
    await registerUser({ input });
  } catch (err) {
    if (isAppError(err)) return { message: err.message, fields: err.fields, values };
    throw err;
  }
  try {
    await signIn("credentials", { email: input.email, password: input.password, redirectTo: "/chat" });
  } catch (err) {
    if (err instanceof AuthError) return { message: "Your account was created. Please sign in.", values };
    throw err;
  }
  return {};
}

/** Ends this session (its row is deleted, so a copy of the cookie stops working too). */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/signin" });
}

/** Ends every session of the signed-in user, on every device, then this one. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await currentUser();
  if (user) await endAllSessions({ userId: user.id });
  await signOut({ redirectTo: "/signin" });
}
