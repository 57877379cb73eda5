import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthForm } from "@/components/auth/auth-form";
import { providerSignInMessageKey } from "@/lib/auth/messages";
import { providerLabel } from "@/lib/auth/providers";
import { registrationStatus } from "@/lib/auth/registration";
import { currentUser } from "@/lib/auth/session";
import { shownOauthProviders } from "@/lib/auth/shown-providers";
import { signInAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("title") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentUser()) redirect("/chat");
  const [{ mode }, t] = await Promise.all([registrationStatus(), getTranslations()]);
  // Auth.js (and our signIn callback) send a failed provider sign-in here with ?error=<code>.
  const providers = await shownOauthProviders();
  const error = (await searchParams).error;
  const problemKey = providerSignInMessageKey(typeof error === "string" ? error : undefined);
  const provider = providerLabel(providers) ?? t("auth.signIn.problem.someProvider");
  return (
    <>
      <h1 className="mb-5 text-lg font-semibold">{t("auth.signIn.title")}</h1>
      {problemKey && (
        <p
          role="alert"
          data-testid="signin-problem"
          className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {t(problemKey, { provider })}
        </p>
      )}
      <AuthForm mode="signin" action={signInAction} oauth={providers} showSwitch={mode !== "closed"} />
    </>
  );
}
