"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { cardClass } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";
import { childTurnsFor, NUMBER_FIELDS, type QuotaGroup, type QuotaValues } from "@/lib/quota/fields";

/** A quota form's server action. */
export type QuotaFormAction = (form: FormData) => Promise<ActionResult<unknown>>;

/** One group of the global quota settings, validated on the server; nothing is saved on bad input. */
export function SettingsForm({
  group,
  values,
  action,
  title,
  description,
}: {
  group: QuotaGroup;
  values: QuotaValues;
  action: QuotaFormAction;
  title: string;
  description: string;
}) {
  const t = useTranslations("admin");
  const format = useFormatter();
  const { result, values: sent, fields: errors, formAction, pending } = useFormAction(action);
  const [recursion, setRecursion] = useState(String(values.recursionLimit));
  const fields = NUMBER_FIELDS.filter((f) => f.group === group);
  return (
    <form action={formAction} className={cardClass} data-testid={`settings-form-${group}`} noValidate>
      <input type="hidden" name="group" value={group} />
      <header>
        <h2 className="text-lg font-medium">{title}</h2>
        <p className="text-sm text-zinc-500">{description}</p>
      </header>
      {group === "balances" && (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="balanceEnabled"
            defaultChecked={sent ? sent.balanceEnabled === "on" : values.balanceEnabled}
            data-testid="balance-enabled"
            className="size-4 accent-accent-600"
          />
          {t("quota.balanceEnabled")}
        </label>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const turns =
            f.key === "recursionLimit" && /^\d+$/.test(recursion) ? childTurnsFor(Number(recursion)) : null;
          const help = t(`quota.fields.${f.key}.help`);
          return (
            <Field
              key={f.key}
              name={f.key}
              label={t("quota.range", {
                label: t(`quota.fields.${f.key}.label`),
                min: format.number(f.min),
                max: format.number(f.max),
              })}
              type="number"
              inputMode={f.money ? "decimal" : "numeric"}
              min={f.min}
              max={f.max}
              step={f.money ? "any" : 1}
              defaultValue={sent?.[f.key] ?? values[f.key]}
              onChange={f.key === "recursionLimit" ? (e) => setRecursion(e.target.value) : undefined}
              error={errors[f.key]}
              hint={turns !== null ? t("quota.childTurns", { help, limit: recursion, turns }) : help}
              data-testid={`input-${f.key}`}
            />
          );
        })}
      </div>
      {errors.form && <p className="text-sm text-red-600">{errors.form}</p>}
      <SubmitRow
        label={t("form.save")}
        busyLabel={t("form.saving")}
        pending={pending}
        result={result}
        testId={`save-${group}`}
      />
    </form>
  );
}
