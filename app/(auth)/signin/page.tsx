import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { oauthProviderList } from "@/lib/auth/providers";
import { registrationStatus } from "@/lib/auth/registration";
import { currentUser } from "@/lib/auth/session";
import { signInAction } from "../actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentUser()) redirect("/chat");
  const { mode } = await registrationStatus();
  // Auth.js sends a refused OAuth sign-in here with ?error=AccessDenied (registration not open).
  const error = (await searchParams).error;
  const problem =
    error === "AccessDenied"
      ? "That account is not registered here, and this server does not accept new accounts through single sign-on right now."
      : error
        ? "Sign-in failed. Please try again."
        : null;
  return (
    <>
      <h1 className="mb-5 text-lg font-semibold">Sign in</h1>
      {problem && (
        <p
          role="alert"
          data-testid="signin-problem"
          className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {problem}
        </p>
      )}
      <AuthForm
        mode="signin"
        action={signInAction}
        oauth={oauthProviderList()}
        showSwitch={mode !== "closed"}
      />
    </>
  );
}
