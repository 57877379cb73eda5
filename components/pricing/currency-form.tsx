"use client";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { cardClass } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

/** The installation's one currency: every price and cost is in it. */
export function CurrencyForm({
  currency,
  action,
}: {
  currency: string;
  action: (form: FormData) => Promise<ActionResult>;
}) {
  const t = useTranslations("pricing.currency");
  const { result, values, fields, formAction, pending } = useFormAction(action);
  return (
    <form action={formAction} className={cardClass} data-testid="currency-form" noValidate>
      <header>
        <h2 className="text-lg font-medium">{t("title")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </header>
      <div className="max-w-40">
        <Field
          label={t("label")}
          name="currency"
          defaultValue={values?.currency ?? currency}
          error={fields.currency}
          maxLength={3}
          autoComplete="off"
          spellCheck={false}
          data-testid="currency-input"
        />
      </div>
      <SubmitRow
        label={t("save")}
        busyLabel={t("saving")}
        pending={pending}
        result={result}
        testId="currency-save"
      />
    </form>
  );
}
