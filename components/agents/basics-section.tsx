import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { AGENT_CATEGORIES } from "@/lib/builder/categories";
import { Section, TextArea } from "./controls";
import type { Errors, FormState, Patch } from "./types";

export function BasicsSection({ value, patch, errors }: { value: FormState; patch: Patch; errors: Errors }) {
  const t = useTranslations("builder.basics");
  const tCat = useTranslations("agents.category");
  return (
    <Section title={t("title")} testId="section-basics">
      <Field
        label={t("name")}
        name="name"
        value={value.name ?? ""}
        onChange={(e) => patch({ name: e.target.value })}
        error={errors.name}
        maxLength={80}
        required
      />
      <Field
        label={t("description")}
        name="description"
        value={value.description ?? ""}
        onChange={(e) => patch({ description: e.target.value })}
        error={errors.description}
        hint={t("descriptionHint")}
      />
      <label className="block space-y-1.5">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("category")}</span>
        <select
          name="category"
          value={value.category}
          onChange={(e) => patch({ category: e.target.value as FormState["category"] })}
          data-testid="agent-category"
          className={`${inputClass} sm:w-64`}
        >
          {AGENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {tCat(c)}
            </option>
          ))}
        </select>
      </label>
      <TextArea
        label={t("instructions")}
        name="instructions"
        rows={5}
        value={value.instructions ?? ""}
        onChange={(e) => patch({ instructions: e.target.value })}
        error={errors.instructions}
        placeholder={t("instructionsPlaceholder")}
      />
    </Section>
  );
}
