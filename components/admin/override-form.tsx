"use client";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { cardClass, inputClass } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import { NUMBER_FIELDS, type OverridePatch, type QuotaValues } from "@/lib/quota/fields";
import type { QuotaFormAction } from "./settings-form";

/**
 * A user's overrides of the global settings. An empty field uses the global value (shown as the
 * placeholder); clearing a field removes that override.
 */
export function OverrideForm({
  users,
  userId,
  override,
  globals,
  action,
}: {
  users: Array<{ id: string; email: string }>;
  userId: string | null;
  override: OverridePatch;
  globals: QuotaValues;
  action: QuotaFormAction;
}) {
  const t = useTranslations("admin");
  const format = useFormatter();
  const router = useRouter();
  const { result, values: v, fields, formAction, pending } = useFormAction(action);
  const value = (k: keyof QuotaValues) =>
    v?.[k] ?? (override[k] === undefined || override[k] === null ? "" : String(override[k]));
  return (
    <div className={cardClass}>
      <label className="block max-w-md space-y-1.5">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("form.user")}</span>
        <select
          value={userId ?? ""}
          onChange={(e) =>
            router.push(e.target.value ? `/admin/overrides?user=${e.target.value}` : "/admin/overrides")
          }
          data-testid="override-user"
          className={inputClass}
        >
          <option value="">{t("form.chooseUser")}</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </select>
      </label>
      {userId && (
        <form action={formAction} className="space-y-4" data-testid="override-form" noValidate>
          <input type="hidden" name="userId" value={userId} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {NUMBER_FIELDS.map((f) => (
              <Field
                key={f.key}
                name={f.key}
                label={t(`quota.fields.${f.key}.label`)}
                type="number"
                inputMode={f.money ? "decimal" : "numeric"}
                min={f.min}
                max={f.max}
                step={f.money ? "any" : 1}
                placeholder={t("form.global", { value: format.number(globals[f.key]) })}
                defaultValue={value(f.key)}
                error={fields[f.key]}
                data-testid={`override-${f.key}`}
              />
            ))}
            <label className="block space-y-1.5">
              <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
                {t("overrides.balances")}
              </span>
              <select name="balanceEnabled" defaultValue={value("balanceEnabled")} className={inputClass}>
                <option value="">
                  {t("form.global", { value: globals.balanceEnabled ? t("form.on") : t("form.off") })}
                </option>
                <option value="true">{t("form.on")}</option>
                <option value="false">{t("form.off")}</option>
              </select>
            </label>
          </div>
          <SubmitRow
            label={t("overrides.save")}
            busyLabel={t("form.saving")}
            pending={pending}
            result={result}
            testId="save-override"
          />
        </form>
      )}
    </div>
  );
}
