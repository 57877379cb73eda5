import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Section, TextArea } from "./controls";
import type { Errors, FormState, Patch } from "./types";

export function BasicsSection({ value, patch, errors }: { value: FormState; patch: Patch; errors: Errors }) {
  const t = useTranslations("builder.basics");
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
