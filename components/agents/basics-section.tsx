import { Field } from "@/components/ui/field";
import { Section, TextArea } from "./controls";
import type { Errors, FormState, Patch } from "./types";

export function BasicsSection({ value, patch, errors }: { value: FormState; patch: Patch; errors: Errors }) {
  return (
    <Section title="Basics" testId="section-basics">
      <Field
        label="Name"
        name="name"
        value={value.name ?? ""}
        onChange={(e) => patch({ name: e.target.value })}
        error={errors.name}
        maxLength={80}
        required
      />
      <Field
        label="Description"
        name="description"
        value={value.description ?? ""}
        onChange={(e) => patch({ description: e.target.value })}
        error={errors.description}
        hint="Parents read this to decide when to delegate to this agent."
      />
      <TextArea
        label="Instructions"
        name="instructions"
        rows={5}
        value={value.instructions ?? ""}
        onChange={(e) => patch({ instructions: e.target.value })}
        error={errors.instructions}
        placeholder="You are a careful researcher…"
      />
    </Section>
  );
}
