"use client";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { cardClass, inputClass } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

/**
 * Adds a price row. Changing a price is adding one with a later effective-from time: the old row
 * stays for the calls it already priced.
 */
export function PriceForm({
  endpoints,
  currency,
  action,
}: {
  endpoints: Array<{ id: string; name: string }>;
  currency: string;
  action: (form: FormData) => Promise<ActionResult<{ id: string }>>;
}) {
  const t = useTranslations("pricing.form");
  const { result, values, fields, formAction, pending } = useFormAction(action);
  const v = values ?? {};
  const price = (name: string, hint?: string) => (
    <Field
      label={t(`fields.${name}` as "fields.inputPerMTok", { currency })}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      defaultValue={v[name] ?? ""}
      error={fields[name]}
      hint={hint}
      data-testid={`price-${name}`}
    />
  );
  return (
    <form action={formAction} className={cardClass} data-testid="price-form" noValidate>
      <header>
        <h2 className="text-lg font-medium">{t("title")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block space-y-1.5">
          <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("fields.endpoint")}</span>
          <select
            name="endpointId"
            defaultValue={v.endpointId ?? ""}
            className={inputClass}
            data-testid="price-endpoint"
            aria-invalid={fields.endpointId ? true : undefined}
            aria-describedby={fields.endpointId ? "endpointId-error" : undefined}
          >
            <option value="">{t("anyEndpoint")}</option>
            {endpoints.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
          {fields.endpointId && (
            <span id="endpointId-error" className="block text-xs text-red-600 dark:text-red-400">
              {fields.endpointId}
            </span>
          )}
        </label>
        <Field
          label={t("fields.model")}
          name="model"
          defaultValue={v.model ?? ""}
          error={fields.model}
          hint={t("modelHint")}
          autoComplete="off"
          spellCheck={false}
          data-testid="price-model"
        />
        {price("inputPerMTok")}
        {price("cachedInputPerMTok", t("cachedHint"))}
        {price("outputPerMTok")}
        {price("reasoningPerMTok", t("reasoningHint"))}
        <Field
          label={t("fields.effectiveFrom")}
          name="effectiveFrom"
          type="datetime-local"
          defaultValue={v.effectiveFrom ?? ""}
          error={fields.effectiveFrom}
          hint={t("effectiveHint")}
          data-testid="price-effectiveFrom"
        />
      </div>
      <SubmitRow
        label={t("add")}
        busyLabel={t("adding")}
        pending={pending}
        result={result}
        testId="price-add"
      />
    </form>
  );
}
