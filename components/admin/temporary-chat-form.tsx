"use client";
import { useTranslations } from "next-intl";
import { FieldShell, StatusLine } from "@/components/ui/form-status";
import { cardClass, inputClass, primaryButton } from "@/components/ui/styles";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

/** Admin → Limits: the life of a temporary chat, in hours. */
export function TemporaryChatForm({
  hours,
  save,
}: {
  hours: number;
  save: (raw: { hours: string }) => Promise<ActionResult<{ hours: number }>>;
}) {
  const t = useTranslations("admin.limits.temporary");
  const { result, formAction, pending } = useFormAction((form) =>
    save({ hours: String(form.get("hours") ?? "") }),
  );
  return (
    <form action={formAction} className={cardClass} data-testid="temporary-chat-form">
      <h2 className="text-lg font-medium">{t("title")}</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      <FieldShell label={t("hours")} name="hours">
        <input
          id="f-hours"
          name="hours"
          type="number"
          min={1}
          max={8760}
          defaultValue={hours}
          data-testid="temporary-hours"
          className={`${inputClass} max-w-32`}
        />
      </FieldShell>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className={primaryButton}>
          {t("save")}
        </button>
        {result?.ok ? (
          <StatusLine ok message={t("saved")} />
        ) : (
          result && <StatusLine message={result.error.message} code={result.error.code} />
        )}
      </div>
    </form>
  );
}
