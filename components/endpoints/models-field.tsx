"use client";
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
        setNote({ ok: true, text: `Fetched ${models.length} ${models.length === 1 ? "model" : "models"}.` });
      } else setNote({ ok: false, text: r.error.message });
    });
  return (
    <FieldShell
      label={`Models (${count})`}
      name="models"
      error={error}
      hint="One model id per line. Remove the ones you don't want to offer."
    >
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={fetchModels}
          disabled={pending}
          data-testid="fetch-models"
        >
          {pending ? "Fetching…" : "Fetch models"}
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
        placeholder={"gpt-4o-mini\nllama3.1:8b"}
        data-testid="input-models"
      />
    </FieldShell>
  );
}
