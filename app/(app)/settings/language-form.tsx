"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { FieldShell, StatusLine } from "@/components/ui/form-status";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

/**
 * Settings → Language: the stored choice, or "" for the browser's. After saving, the page is
 * refreshed from the server, so the whole UI (this form too) comes back in the new language
 * without signing out.
 */
export function LanguageForm({
  current,
  save,
}: {
  current: Locale | null;
  save: (raw: { locale: string }) => Promise<ActionResult<{ locale: Locale | null }>>;
}) {
  const t = useTranslations("settings.language");
  const router = useRouter();
  // Controlled: React resets a form after its action, which would show the old choice again.
  const [choice, setChoice] = useState<string>(current ?? "");
  const { result, fields, formAction, pending } = useFormAction((form) =>
    save({ locale: String(form.get("locale") ?? "") }),
  );
  useEffect(() => {
    if (result?.ok) router.refresh();
  }, [result, router]);
  return (
    <form action={formAction} className="space-y-3" data-testid="language-form">
      <FieldShell label={t("label")} name="locale" error={fields.locale}>
        <select
          id="f-locale"
          name="locale"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className={`${inputClass} max-w-xs`}
          aria-invalid={fields.locale ? true : undefined}
          aria-describedby={fields.locale ? "locale-error" : undefined}
          data-testid="language-select"
        >
          <option value="">{t("automatic")}</option>
          {LOCALES.map((l) => (
            // Each language named in itself, so a reader of either can find theirs.
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </FieldShell>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className={primaryButton} data-testid="save-language">
          {pending ? t("saving") : t("save")}
        </button>
        {/* Said here, not by the server: after the refresh it reads in the language just chosen. */}
        {result?.ok ? (
          <StatusLine ok message={t("saved")} />
        ) : (
          result && <StatusLine message={result.error.message} code={result.error.code} />
        )}
      </div>
    </form>
  );
}
