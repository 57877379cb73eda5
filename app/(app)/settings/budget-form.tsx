"use client";
import { useTranslations } from "next-intl";
import { FieldShell, FormStatus } from "@/components/ui/form-status";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";

/** Settings → Money budgets: the user's own cap per answer, at most the admin's (checked on the server). */
export function AnswerBudgetForm({
  current,
  adminCap,
  save,
}: {
  current: number | null;
  /** The admin's cap (0 = none), shown as the most the user may set. */
  adminCap: number;
  save: (raw: { answerBudget: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("settings.budgets");
  const { result, values, formAction, pending } = useFormAction((form) =>
    save({ answerBudget: String(form.get("answerBudget") ?? "") }),
  );
  return (
    <form action={formAction} className="space-y-3" data-testid="answer-budget-form" noValidate>
      <FieldShell
        label={t("ownLabel")}
        name="answerBudget"
        hint={adminCap > 0 ? t("ownHintMax", { max: String(adminCap) }) : t("ownHint")}
      >
        <input
          id="f-answerBudget"
          name="answerBudget"
          type="number"
          inputMode="decimal"
          min={0}
          max={adminCap > 0 ? adminCap : undefined}
          step="any"
          defaultValue={values?.answerBudget ?? (current === null ? "" : String(current))}
          className={`${inputClass} max-w-xs`}
          data-testid="input-own-answerBudget"
        />
      </FieldShell>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className={primaryButton} data-testid="save-answer-budget">
          {pending ? t("saving") : t("save")}
        </button>
        <FormStatus result={result} />
      </div>
    </form>
  );
}
