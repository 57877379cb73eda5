import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { providerSignInMessage } from "@/lib/auth/messages";
import { oauthProviderList, providerLabel } from "@/lib/auth/providers";
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
  // Auth.js (and our signIn callback) send a failed provider sign-in here with ?error=<code>.
  const providers = oauthProviderList();
  const error = (await searchParams).error;
  const problem = providerSignInMessage(
    typeof error === "string" ? error : undefined,
    providerLabel(providers),
  );
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
      <AuthForm mode="signin" action={signInAction} oauth={providers} showSwitch={mode !== "closed"} />
    </>
  );
}
