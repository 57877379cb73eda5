import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Section, Select } from "./controls";
import type { Errors, FormOptions, FormState, Patch } from "./types";

const num = (v: string) => (v === "" ? undefined : Number(v));

export function ModelSection({
  value,
  patch,
  errors,
  options,
}: {
  value: FormState;
  patch: Patch;
  errors: Errors;
  options: FormOptions;
}) {
  const t = useTranslations("builder.model");
  const endpoint = options.models.find((m) => m.id === value.provider);
  const params = value.parameters;
  const setParam = (key: keyof typeof params, v: string) =>
    patch({ parameters: { ...params, [key]: num(v) } });
  return (
    <Section title={t("title")} testId="section-model">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("endpoint")}
          name="provider"
          value={value.provider ?? ""}
          error={errors.provider}
          onChange={(e) => {
            const next = options.models.find((m) => m.id === e.target.value);
            patch({ provider: e.target.value, model: next?.models[0] ?? "" });
          }}
        >
          {!endpoint && <option value={value.provider ?? ""}>{value.provider || t("pickEndpoint")}</option>}
          {options.models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
        {endpoint && endpoint.models.length > 0 ? (
          <Select
            label={t("model")}
            name="model"
            value={value.model ?? ""}
            error={errors.model}
            onChange={(e) => patch({ model: e.target.value })}
          >
            {!endpoint.models.includes(value.model ?? "") && (
              <option value={value.model ?? ""}>{value.model}</option>
            )}
            {endpoint.models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        ) : (
          <Field
            label={t("model")}
            name="model"
            value={value.model ?? ""}
            error={errors.model}
            onChange={(e) => patch({ model: e.target.value })}
          />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("temperature")}
          name="parameters.temperature"
          type="number"
          step="0.1"
          min={0}
          max={2}
          placeholder={t("default")}
          value={params.temperature ?? ""}
          error={errors["parameters.temperature"]}
          onChange={(e) => setParam("temperature", e.target.value)}
        />
        <Field
          label={t("maxOutputTokens")}
          name="parameters.maxOutputTokens"
          type="number"
          min={1}
          placeholder={t("default")}
          value={params.maxOutputTokens ?? ""}
          error={errors["parameters.maxOutputTokens"]}
          onChange={(e) => setParam("maxOutputTokens", e.target.value)}
        />
        <Field
          label={t("maxContextTokens")}
          name="parameters.maxContextTokens"
          type="number"
          min={1024}
          placeholder="128000"
          value={params.maxContextTokens ?? ""}
          error={errors["parameters.maxContextTokens"]}
          onChange={(e) => setParam("maxContextTokens", e.target.value)}
        />
      </div>
    </Section>
  );
}
