"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PersonalKeySlot } from "@/lib/endpoints/personal-keys";
import { Badge, cardClass, dangerButton, inputClass, PROTOCOL_LABELS, primaryButton, StatusLine } from "./ui";

type Result = { ok: true; message: string } | { ok: false; message: string; field?: string };

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
        <Badge>{PROTOCOL_LABELS[slot.protocol] ?? slot.protocol}</Badge>
        {slot.keyHint ? (
          <Badge tone="green" testId="personal-key-hint">
            Your key {slot.keyHint}
          </Badge>
        ) : (
          <Badge tone="amber">{slot.hasSharedKey ? "Using the shared key" : "No key yet"}</Badge>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {slot.keyHint ? "Replace your key" : "Your API key"}
        </label>
        <input
          id={inputId}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          className={`${inputClass} font-mono`}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          aria-invalid={result && !result.ok && result.field ? true : undefined}
          data-testid="personal-key-input"
        />
      </div>
      <StatusLine ok={result?.ok} message={result?.message} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={pending} data-testid="personal-key-save">
          {slot.keyHint ? "Replace key" : "Save key"}
        </button>
        {slot.keyHint && (
          <button
            type="button"
            className={dangerButton}
            disabled={pending}
            onClick={() => run(() => remove({ endpointId: slot.endpointId }))}
            data-testid="personal-key-remove"
          >
            Remove my key
          </button>
        )}
      </div>
    </form>
  );
}
