"use client";
import { useTranslations } from "next-intl";
import { FieldShell } from "@/components/ui/form-status";
import { inputClass } from "@/components/ui/styles";

/** The write-only API key: the stored one shows as ••••abcd, empty keeps it, a checkbox removes it. */
export function KeyField({
  keyHint,
  value,
  onChange,
  removeKey,
  onRemoveKey,
  error,
}: {
  keyHint: string | null;
  value: string;
  onChange: (value: string) => void;
  removeKey: boolean;
  onRemoveKey: (remove: boolean) => void;
  error?: string;
}) {
  const t = useTranslations("endpoints.key");
  return (
    <FieldShell label={t("label")} name="apiKey" error={error} hint={keyHint ? t("keepHint") : t("newHint")}>
      {keyHint && (
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            {t("stored")}{" "}
            <span className="font-mono" data-testid="stored-key-hint">
              {keyHint}
            </span>
          </span>
          <label className="flex items-center gap-1.5 text-red-700 dark:text-red-300">
            <input
              type="checkbox"
              checked={removeKey}
              onChange={(e) => onRemoveKey(e.target.checked)}
              className="size-4 accent-red-600"
              data-testid="remove-key"
            />
            {t("remove")}
          </label>
        </p>
      )}
      <input
        id="f-apiKey"
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        className={`${inputClass} font-mono`}
        value={value}
        disabled={removeKey}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        placeholder={keyHint ? t("keep", { hint: keyHint }) : t("placeholder")}
        data-testid="input-apiKey"
      />
    </FieldShell>
  );
}
