"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FieldShell } from "@/components/ui/form-status";
import { inputClass, secondaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

/** The model list: typed one per line, or filled from the endpoint's models API. */
export function ModelsField({
  value,
  onChange,
  onFetch,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onFetch: () => Promise<ActionResult<{ models: string[] }>>;
  error?: string;
}) {
  const t = useTranslations("endpoints.models");
  const [pending, start] = useTransition();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const count = value.split(/[\n,]/).filter((m) => m.trim()).length;
  const fetchModels = () =>
    start(async () => {
      setNote(null);
      const r = await onFetch();
      if (r.ok) {
        const { models } = r.data;
        onChange(models.join("\n"));
        setNote({ ok: true, text: t("fetched", { count: models.length }) });
      } else setNote({ ok: false, text: r.error.message });
    });
  return (
    <FieldShell label={t("label", { count })} name="models" error={error} hint={t("hint")}>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={fetchModels}
          disabled={pending}
          data-testid="fetch-models"
        >
          {pending ? t("fetching") : t("fetch")}
        </button>
        {note && (
          <span
            role={note.ok ? "status" : "alert"}
            className={`text-sm ${note.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-600 dark:text-red-400"}`}
            data-testid="fetch-models-status"
          >
            {note.text}
          </span>
        )}
      </div>
      <textarea
        id="f-models"
        rows={6}
        className={`${inputClass} font-mono`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        placeholder={t("placeholder")}
        data-testid="input-models"
      />
    </FieldShell>
  );
}
