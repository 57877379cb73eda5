import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { resetPasswordAction } from "../password-reset-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.reset");
  // The link's token is in the address: never indexed, never sent on as a referrer.
  return { title: t("resetTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** The mailed (or admin-made) link. Reading it checks nothing and writes nothing: the form does. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations("auth.reset");
  const token = (await searchParams).token;
  return (
    <>
      <h1 className="mb-5 text-lg font-semibold">{t("resetTitle")}</h1>
      {typeof token === "string" && token ? (
        <ResetPasswordForm token={token} reset={resetPasswordAction} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="reset-no-token">
          {t.rich("noToken", {
            link: (text) => (
              <Link
                href="/forgot-password"
                className="font-medium text-accent-600 hover:underline dark:text-accent-500"
              >
                {text}
              </Link>
            ),
          })}
        </p>
      )}
    </>
  );
}
