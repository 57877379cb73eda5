"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/action-result";

/** The owner's switch: share or publish the agent only at a version that passed its evals. */
export function ShareGateToggle({
  agentId,
  on,
  save,
}: {
  agentId: string;
  on: boolean;
  save: (input: { agentId: string; on: boolean }) => Promise<ActionResult>;
}) {
  const t = useTranslations("evals.shareGate");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const toggle = (next: boolean) =>
    startTransition(async () => {
      setError(null);
      const res = await save({ agentId, on: next });
      if (!res.ok) setError(res.error.message);
      router.refresh();
    });
  return (
    <div className="space-y-1 text-sm">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-accent-600"
          data-testid="eval-share-gate"
          checked={on}
          disabled={pending}
          onChange={(e) => toggle(e.target.checked)}
        />
        <span>
          <span className="font-medium">{t("label")}</span>
          <span className="block text-zinc-600 dark:text-zinc-400">{t("help")}</span>
        </span>
      </label>
      {error && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
