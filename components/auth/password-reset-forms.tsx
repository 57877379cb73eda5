"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { StatusLine } from "@/components/ui/form-status";
import { primaryButton } from "@/components/ui/styles";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

const wide = `${primaryButton} w-full`;

/** "Forgot password": an email address; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm({
  send,
  mailConfigured,
}: {
  send: (raw: { email: string }) => Promise<ActionResult>;
  mailConfigured: boolean;
}) {
  const t = useTranslations("auth.reset");
  const { result, fields, values, formAction, pending } = useFormAction((form) =>
    send({ email: String(form.get("email") ?? "") }),
  );
  if (result?.ok)
    return (
      <p role="status" data-testid="reset-sent" className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("sent")}
      </p>
    );
  return (
    <form action={formAction} className="space-y-4" noValidate data-testid="forgot-form">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{mailConfigured ? t("help") : t("noMail")}</p>
      <Field
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email}
        error={fields.email}
        required
      />
      {result && !result.ok && !fields.email && (
        <StatusLine message={result.error.message} code={result.error.code} />
      )}
      <button type="submit" disabled={pending} className={wide}>
        {t("send")}
      </button>
      <p className="text-center text-sm">
        <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-accent-500">
          {t("backToSignIn")}
        </Link>
      </p>
    </form>
  );
}

/** The link's page: a new password, then on to sign in with it. */
export function ResetPasswordForm({
  token,
  reset,
}: {
  token: string;
  reset: (raw: { token: string; password: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("auth.reset");
  const { result, fields, formAction, pending } = useFormAction((form) =>
    reset({ token, password: String(form.get("password") ?? "") }),
  );
  if (result?.ok)
    return (
      <div className="space-y-4" role="status" data-testid="reset-done">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("done")}</p>
        <Link href="/signin" className={`${wide} block text-center`}>
          {t("signInNow")}
        </Link>
      </div>
    );
  return (
    <form action={formAction} className="space-y-4" noValidate data-testid="reset-form">
      <Field
        label={t("newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        error={fields.password}
        hint={t("newPasswordHint")}
        required
      />
      {result && !result.ok && !fields.password && (
        <StatusLine message={result.error.message} code={result.error.code} />
      )}
      <button type="submit" disabled={pending} className={wide}>
        {t("save")}
      </button>
    </form>
  );
}
