"use client";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { cardClass, inputClass } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import type { QuotaFormAction } from "./settings-form";

interface UserOption {
  id: string;
  email: string;
  balance: number | null;
}

/** Grant tokens to one user, or set their balance to an exact number. */
export function BalanceAdjustForm({ users, action }: { users: UserOption[]; action: QuotaFormAction }) {
  const t = useTranslations("admin");
  const { result, values, fields, formAction, pending } = useFormAction(action);
  const v = values ?? {};
  return (
    <form action={formAction} className={cardClass} data-testid="balance-adjust-form" noValidate>
      <header>
        <h2 className="text-lg font-medium">{t("balances.adjust.title")}</h2>
        <p className="text-sm text-zinc-500">{t("balances.adjust.description")}</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-3">
        <label className="block space-y-1.5">
          <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("form.user")}</span>
          <select
            name="userId"
            defaultValue={v.userId ?? ""}
            data-testid="balance-user"
            className={inputClass}
          >
            <option value="">{t("form.chooseUser")}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {t("balances.adjust.option", {
                  email: u.email,
                  balance:
                    u.balance === null
                      ? t("balances.adjust.noBalance")
                      : t("balances.adjust.tokens", { count: u.balance }),
                })}
              </option>
            ))}
          </select>
          {fields.userId && <span className="block text-xs text-red-600">{fields.userId}</span>}
        </label>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t("balances.adjust.action")}
          </legend>
          <div className="flex gap-4 pt-2 text-sm">
            <label className="flex items-center gap-1.5">
              <input
                type="radio"
                name="mode"
                value="grant"
                defaultChecked={(v.mode ?? "grant") === "grant"}
              />
              {t("balances.adjust.grant")}
            </label>
            <label className="flex items-center gap-1.5">
              <input
                type="radio"
                name="mode"
                value="set"
                defaultChecked={v.mode === "set"}
                data-testid="balance-mode-set"
              />
              {t("balances.adjust.set")}
            </label>
          </div>
        </fieldset>
        <Field
          label={t("balances.adjust.amount")}
          name="amount"
          type="number"
          inputMode="numeric"
          step={1}
          defaultValue={v.amount ?? ""}
          error={fields.amount}
          hint={t("balances.adjust.amountHint")}
          data-testid="balance-amount"
        />
      </div>
      <SubmitRow
        label={t("balances.adjust.apply")}
        busyLabel={t("balances.adjust.applying")}
        pending={pending}
        result={result}
        testId="balance-apply"
      />
    </form>
  );
}
