import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { FieldError, Section, Select, Switch } from "./controls";
import type { AgentOption, Errors, FormOptions, FormState, Patch } from "./types";

/** Optional summarization settings and handoff edges. */
export function AdvancedSection({
  value,
  patch,
  errors,
  options,
  selfId,
}: {
  value: FormState;
  patch: Patch;
  errors: Errors;
  options: FormOptions;
  selfId?: string;
}) {
  const t = useTranslations("builder.advanced");
  const sum = value.summarization;
  const setSum = (p: Partial<NonNullable<FormState["summarization"]>>) =>
    sum && patch({ summarization: { ...sum, ...p } });
  const targets = options.agents.filter((a) => a.id !== selfId);
  return (
    <Section title={t("title")} hint={t("hint")} testId="section-advanced">
      <Switch
        label={t("summarize")}
        hint={t("summarizeHint")}
        testId="summarization-enabled"
        checked={Boolean(sum)}
        onChange={(on) =>
          patch({
            summarization: on ? { trigger: { type: "tokens", value: 50_000 }, reserveRatio: 0.2 } : null,
          })
        }
      />
      {sum && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t("summarizeWith")}
            name="summarization.provider"
            value={sum.provider ?? ""}
            onChange={(e) => setSum({ provider: e.target.value || undefined })}
          >
            <option value="">{t("sameEndpoint")}</option>
            {options.models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
          <Field
            label={t("summaryModel")}
            name="summarization.model"
            placeholder={t("sameModel")}
            value={sum.model ?? ""}
            onChange={(e) => setSum({ model: e.target.value || undefined })}
          />
          <Select
            label={t("trigger")}
            name="summarization.trigger.type"
            value={sum.trigger.type}
            onChange={(e) =>
              setSum({ trigger: { ...sum.trigger, type: e.target.value as "tokens" | "messages" } })
            }
          >
            <option value="tokens">{t("triggerTokens")}</option>
            <option value="messages">{t("triggerMessages")}</option>
          </Select>
          <Field
            label={t("triggerValue")}
            name="summarization.trigger.value"
            type="number"
            min={1}
            value={sum.trigger.value}
            onChange={(e) => setSum({ trigger: { ...sum.trigger, value: Number(e.target.value) } })}
          />
          <Field
            label={t("reserveRatio")}
            name="summarization.reserveRatio"
            type="number"
            step="0.05"
            min={0}
            max={1}
            value={sum.reserveRatio ?? ""}
            hint={t("reserveHint")}
            onChange={(e) =>
              setSum({ reserveRatio: e.target.value === "" ? undefined : Number(e.target.value) })
            }
          />
          <FieldError name="summarization" error={errors.summarization} />
        </div>
      )}
      <HandoffList value={value} patch={patch} targets={targets} error={errors.handoffs} />
    </Section>
  );
}

function HandoffList({
  value,
  patch,
  targets,
  error,
}: {
  value: FormState;
  patch: Patch;
  targets: AgentOption[];
  error?: string;
}) {
  const t = useTranslations("builder.handoffs");
  const set = (i: number, p: Partial<FormState["handoffs"][number]>) =>
    patch({ handoffs: value.handoffs.map((h, j) => (i === j ? { ...h, ...p } : h)) });
  return (
    <div className="space-y-2" data-testid="handoffs">
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium">{t("title")}</span>
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm text-accent-600 hover:bg-accent-50 disabled:opacity-50 dark:text-accent-100 dark:hover:bg-accent-500/10"
          disabled={targets.length === 0}
          data-testid="add-handoff"
          onClick={() =>
            patch({ handoffs: [...value.handoffs, { to: targets[0]?.id ?? "", description: "" }] })
          }
        >
          {t("add")}
        </button>
      </div>
      <p className="text-xs text-zinc-500">{t("intro")}</p>
      {value.handoffs.map((h, i) => (
        <div key={i} className="flex flex-col gap-2 sm:flex-row" data-testid="handoff">
          <select
            data-testid="handoff-target"
            className={`${inputClass} sm:w-48`}
            aria-label={t("target")}
            value={h.to}
            onChange={(e) => set(i, { to: e.target.value })}
          >
            {targets.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
          <input
            className={inputClass}
            aria-label={t("when")}
            data-testid="handoff-description"
            placeholder={t("when")}
            value={h.description}
            onChange={(e) => set(i, { description: e.target.value })}
          />
          <button
            type="button"
            className="rounded-md px-2 text-sm text-zinc-500 hover:text-red-600"
            onClick={() => patch({ handoffs: value.handoffs.filter((_, j) => j !== i) })}
          >
            {t("remove")}
          </button>
        </div>
      ))}
      <FieldError name="handoffs" error={error} />
    </div>
  );
}
