"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { dangerButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

/** A "Delete …" button that asks in a dialog first, then deletes and goes to `afterHref`. */
export function DeleteButton({
  label,
  title,
  consequence,
  afterHref,
  onDelete,
  testId,
}: {
  /** The button's text, e.g. "Delete endpoint". */
  label: string;
  /** The dialog's question, e.g. "Delete the endpoint OpenAI?". */
  title: string;
  /** What deleting does to everything else, in a sentence. */
  consequence: string;
  afterHref: string;
  onDelete: () => Promise<ActionResult>;
  testId: string;
}) {
  const t = useTranslations("common");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    start(async () => {
      const r = await onDelete();
      setAsking(false);
      if (r.ok) router.push(afterHref);
      else setError(r.error.message);
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={dangerButton}
        onClick={() => setAsking(true)}
        disabled={pending}
        data-testid={testId}
      >
        {label}
      </button>
      {asking && (
        <ConfirmDialog
          title={title}
          confirmLabel={t("delete")}
          pendingLabel={t("deleting")}
          pending={pending}
          onCancel={() => setAsking(false)}
          onConfirm={confirm}
          testId={`${testId}-dialog`}
        >
          <p>{consequence}</p>
        </ConfirmDialog>
      )}
      {error && (
        <span role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}
