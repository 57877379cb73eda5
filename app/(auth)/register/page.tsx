import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthForm } from "@/components/auth/auth-form";
import { inviteCodeUsable, registrationStatus } from "@/lib/auth/registration";
import { currentUser } from "@/lib/auth/session";
import { shownOauthProviders } from "@/lib/auth/shown-providers";
import { registerAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.register");
  return { title: t("title") };
}

/** Why this visitor cannot register: auth.register.refusal.<reason>. */
type Refusal = "closed" | "inviteRequired" | "inviteInvalid";

async function Refused({ reason }: { reason: Refusal }) {
  const t = await getTranslations("auth.register");
  return (
    <>
      <h1 className="mb-3 text-lg font-semibold">{t("heading")}</h1>
      <p
        role="alert"
        data-testid="registration-refused"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
      >
        {t(`refusal.${reason}`)}
      </p>
      <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {t.rich("haveAccount", {
          link: (text) => (
            <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-accent-500">
              {text}
            </Link>
          ),
        })}
      </p>
    </>
  );
}

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentUser()) redirect("/chat");
  const [status, t] = await Promise.all([registrationStatus(), getTranslations("auth.register")]);
  const raw = (await searchParams).invite;
  const invite = typeof raw === "string" ? raw.trim().slice(0, 200) : "";
  if (status.mode === "closed") return <Refused reason="closed" />;
  if (status.mode === "invite") {
    if (!invite) return <Refused reason="inviteRequired" />;
    if (!(await inviteCodeUsable(invite))) return <Refused reason="inviteInvalid" />;
  }
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">{t("heading")}</h1>
      <p className="mb-5 text-sm text-zinc-500">
        {status.bootstrap ? t("bootstrap") : status.mode === "invite" ? t("invited") : t("open")}
      </p>
      <AuthForm
        mode="register"
        action={registerAction}
        oauth={status.mode === "open" ? await shownOauthProviders() : []}
        invite={status.mode === "invite" ? invite : undefined}
      />
    </>
  );
}
