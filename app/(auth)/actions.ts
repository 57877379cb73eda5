"use server";
import { redirect } from "next/navigation";
import { AuthError } from "next-auth";
import { getTranslations } from "next-intl/server";
import { signIn, signOut } from "@/lib/auth";
import { signInFailureKey } from "@/lib/auth/messages";
import { oauthProviderList } from "@/lib/auth/providers";
import { registerUser } from "@/lib/auth/register";
import { currentUser } from "@/lib/auth/session";
import { endAllSessions } from "@/lib/auth/sessions";
import { isAppError } from "@/lib/errors";
import { errorBody, requestErrorLocale } from "@/lib/http/error-body";
import { requestLocale } from "@/lib/i18n/request-locale";

export interface AuthFormState {
  message?: string;
  fields?: Record<string, string>;
  values?: { name?: string; email?: string };
}

/** The sign-in form's message for the code of a failed sign-in, in the request's language. */
async function signInMessage(code: string | undefined): Promise<string> {
  const t = await getTranslations();
  const { key, seconds } = signInFailureKey(code);
  return t(key, { seconds: seconds ?? 0 });
}

export async function signInAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", { email, password: String(form.get("password") ?? ""), redirectTo: "/chat" });
    return {};
  } catch (err) {
    // A successful signIn throws Next's redirect, which must propagate.
    if (err instanceof AuthError) {
      return { message: await signInMessage((err as AuthError & { code?: string }).code), values: { email } };
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
    await registerUser({ input, locale: await requestLocale() });
  } catch (err) {
    if (isAppError(err)) {
      const { message, fields } = await errorBody(err, await requestErrorLocale());
      return { message, fields, values };
    }
    throw err;
  }
  try {
    await signIn("credentials", { email: input.email, password: input.password, redirectTo: "/chat" });
  } catch (err) {
    if (err instanceof AuthError) {
      const t = await getTranslations("auth.register");
      return { message: t("createdSignIn"), values };
    }
    throw err;
  }
  return {};
}

/**
 * Starts a sign-in with a provider (the buttons under the forms, and "Link" in Settings): Auth.js
 * starts one only on a POST carrying its CSRF token, which its server-side signIn() does for us.
 * It redirects to the provider; when the provider cannot be reached, to /signin?error=….
 */
export async function providerSignInAction(form: FormData): Promise<void> {
  const provider = String(form.get("provider") ?? "");
  const next = form.get("next") === "/settings" ? "/settings?linked=1" : "/chat";
  // Only a configured provider: anything else would send the user to Auth.js's own pages.
  if (!oauthProviderList().some((p) => p.id === provider)) redirect("/signin?error=Configuration");
  await signIn(provider, { redirectTo: next });
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
