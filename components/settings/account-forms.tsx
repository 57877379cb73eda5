"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { FieldShell, FormStatus } from "@/components/ui/form-status";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

/** Settings → Account: the name shown in the sidebar and on shared agents. */
export function ProfileNameForm({
  name,
  save,
}: {
  name: string;
  save: (raw: { name: string }) => Promise<ActionResult<{ name: string }>>;
}) {
  const t = useTranslations("settings.account");
  const router = useRouter();
  const { result, fields, values, formAction, pending } = useFormAction((form) =>
    save({ name: String(form.get("name") ?? "") }),
  );
  useEffect(() => {
    if (result?.ok) router.refresh();
  }, [result, router]);
  return (
    <form action={formAction} className="space-y-3" data-testid="profile-form">
      <FieldShell label={t("name")} name="name" error={fields.name}>
        <input
          id="f-name"
          name="name"
          defaultValue={values?.name ?? name}
          key={values?.name ?? name}
          maxLength={80}
          autoComplete="name"
          className={`${inputClass} max-w-sm`}
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={fields.name ? "name-error" : undefined}
        />
      </FieldShell>
      <button type="submit" disabled={pending} className={primaryButton} data-testid="save-name">
        {t("saveName")}
      </button>
      <FormStatus result={result} />
    </form>
  );
}

/** Settings → Account: a new password, checked against the current one. */
export function PasswordForm({
  email,
  save,
}: {
  email: string;
  save: (raw: { current: string; next: string }) => Promise<ActionResult<{ ended: number }>>;
}) {
  const t = useTranslations("settings.account");
  const { result, fields, formAction, pending } = useFormAction((form) =>
    save({ current: String(form.get("current") ?? ""), next: String(form.get("next") ?? "") }),
  );
  return (
    <form action={formAction} className="space-y-3" data-testid="password-form">
      {/* For password managers: which account this new password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <FieldShell label={t("currentPassword")} name="current" error={fields.current}>
        <input
          id="f-current"
          name="current"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          className={`${inputClass} max-w-sm`}
          aria-invalid={fields.current ? true : undefined}
          aria-describedby={fields.current ? "current-error" : undefined}
        />
      </FieldShell>
      <FieldShell label={t("newPassword")} name="next" error={fields.next} hint={t("newPasswordHint")}>
        <input
          id="f-next"
          name="next"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          className={`${inputClass} max-w-sm`}
          aria-invalid={fields.next ? true : undefined}
          aria-describedby={fields.next ? "next-error" : undefined}
        />
      </FieldShell>
      <button type="submit" disabled={pending} className={primaryButton} data-testid="save-password">
        {t("savePassword")}
      </button>
      <FormStatus result={result} />
    </form>
  );
}
