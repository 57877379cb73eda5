"use client";
import { useTranslations } from "next-intl";
import { FieldShell, StatusLine } from "@/components/ui/form-status";
import { cardClass, inputClass, primaryButton } from "@/components/ui/styles";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

/** Admin → Limits: the endpoint and model that write conversation titles (none: each agent's own). */
export function TitleModelForm({
  value,
  endpoints,
  save,
}: {
  value: { endpointId: string; model: string } | null;
  endpoints: Array<{ id: string; name: string; models: string[] }>;
  save: (raw: { endpointId: string; model: string }) => Promise<ActionResult<null>>;
}) {
  const t = useTranslations("admin.limits.titles");
  const { result, formAction, pending } = useFormAction((form) =>
    save({ endpointId: String(form.get("endpointId") ?? ""), model: String(form.get("model") ?? "") }),
  );
  const models = [...new Set(endpoints.flatMap((e) => e.models))];
  return (
    <form action={formAction} className={cardClass} data-testid="title-model-form">
      <h2 className="text-lg font-medium">{t("title")}</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      <FieldShell label={t("endpoint")} name="endpointId">
        <select
          id="f-endpointId"
          name="endpointId"
          defaultValue={value?.endpointId ?? ""}
          data-testid="title-endpoint"
          className={`${inputClass} max-w-sm`}
        >
          <option value="">{t("agentOwn")}</option>
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </FieldShell>
      <FieldShell label={t("model")} name="model">
        <input
          id="f-model"
          name="model"
          list="title-models"
          defaultValue={value?.model ?? ""}
          data-testid="title-model"
          className={`${inputClass} max-w-sm`}
        />
        <datalist id="title-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
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
