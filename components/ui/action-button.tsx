"use client";
import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { FormStatus } from "@/components/ui/form-status";
import type { ActionResult } from "@/lib/action-result";

/**
 * A button that runs one server action: disabled while it runs, the action's refusal shown under it,
 * and on success `onSuccess` (by default the page is refreshed so it shows the change).
 */
export function ActionButton<T>({
  action,
  onSuccess,
  className,
  children,
  ariaLabel,
  testId,
}: {
  action: () => Promise<ActionResult<T>>;
  onSuccess?: (data: T) => void;
  className: string;
  /** The label; given whether the action is running. */
  children: (pending: boolean) => ReactNode;
  ariaLabel?: string;
  testId: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<T> | null>(null);
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={className}
        disabled={pending}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() =>
          start(async () => {
            const r = await action();
            setResult(r);
            if (!r.ok) return;
            if (onSuccess) onSuccess(r.data);
            else router.refresh();
          })
        }
      >
        {children(pending)}
      </button>
      {result && !result.ok && <FormStatus result={result} />}
    </div>
  );
}
