import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { currentUser } from "@/lib/auth/session";
import { mailConfigured } from "@/lib/mail/mailer";
import { requestPasswordResetAction } from "../password-reset-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.reset");
  return { title: t("forgotTitle") };
}

export default async function ForgotPasswordPage() {
  if (await currentUser()) redirect("/settings");
  const t = await getTranslations("auth.reset");
  return (
    <>
      <h1 className="mb-5 text-lg font-semibold">{t("forgotTitle")}</h1>
      <ForgotPasswordForm send={requestPasswordResetAction} mailConfigured={mailConfigured()} />
    </>
  );
}
