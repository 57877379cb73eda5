"use client";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/styles";
import type { FormOptions } from "./types";

type SelfModel = { provider: string; model: string } | null;
const SEP = "\u0000";

/** The self-spawn entry's model: this agent's own, or any model the user may use (e.g. a cheaper one). */
export function SelfModelSelect({
  value,
  options,
  disabled,
  onChange,
}: {
  value: SelfModel;
  options: FormOptions;
  disabled?: boolean;
  onChange: (value: SelfModel) => void;
}) {
  const t = useTranslations("builder.row");
  return (
    <label className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">
      {t("selfModel")}
      <select
        value={value ? `${value.provider}${SEP}${value.model}` : ""}
        disabled={disabled}
        onChange={(e) => {
          const [provider, model] = e.target.value.split(SEP);
          onChange(e.target.value ? { provider, model } : null);
        }}
        data-testid="child-self-model"
        className={`${inputClass} w-auto py-1 text-xs`}
      >
        <option value="">{t("selfModelSame")}</option>
        {options.models.flatMap((endpoint) =>
          endpoint.models.map((model) => (
            <option key={`${endpoint.id}${SEP}${model}`} value={`${endpoint.id}${SEP}${model}`}>
              {t("selfModelOption", { endpoint: endpoint.name, model })}
            </option>
          )),
        )}
      </select>
    </label>
  );
}
