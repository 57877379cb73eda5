"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { FormStatus } from "@/components/ui/form-status";
import { cardClass, dangerButton, inputClass, primaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";
import type { PersonalKeySlot } from "@/lib/endpoints/personal-keys";
import { useProtocolName } from "./protocols";

type Result = ActionResult;

/** Store, replace or remove the user's own key for one endpoint. */
export function PersonalKeyForm({
  slot,
  save,
  remove,
}: {
  slot: PersonalKeySlot;
  save: (input: { endpointId: string; apiKey: string }) => Promise<Result>;
  remove: (input: { endpointId: string }) => Promise<Result>;
}) {
  const t = useTranslations("endpoints.personal");
  const protocolName = useProtocolName();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [apiKey, setApiKey] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const run = (fn: () => Promise<Result>) =>
    start(async () => {
      const r = await fn();
      setResult(r);
      if (r.ok) {
        setApiKey("");
        router.refresh();
      }
    });
  const inputId = `key-${slot.endpointId}`;
  return (
    <form
      className={cardClass}
      data-testid={`personal-key-${slot.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(() => save({ endpointId: slot.endpointId, apiKey }));
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{slot.name}</h3>
        <Badge>{protocolName(slot.protocol)}</Badge>
        {slot.keyHint ? (
          <Badge tone="green" testId="personal-key-hint">
            {t("yourKey", { hint: slot.keyHint })}
          </Badge>
        ) : (
          <Badge tone="amber">{slot.hasSharedKey ? t("sharedKey") : t("noKey")}</Badge>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {slot.keyHint ? t("replaceLabel") : t("newLabel")}
        </label>
        <input
          id={inputId}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          className={`${inputClass} font-mono`}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          aria-invalid={result && !result.ok && result.error.fields?.apiKey ? true : undefined}
          data-testid="personal-key-input"
        />
      </div>
      <FormStatus result={result} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={pending} data-testid="personal-key-save">
          {slot.keyHint ? t("replace") : t("save")}
        </button>
        {slot.keyHint && (
          <button
            type="button"
            className={dangerButton}
            disabled={pending}
            onClick={() => run(() => remove({ endpointId: slot.endpointId }))}
            data-testid="personal-key-remove"
          >
            {t("remove")}
          </button>
        )}
      </div>
    </form>
  );
}
