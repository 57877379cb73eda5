"use client";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * A modal confirmation for an action that is hard to take back (delete an agent, disable an
 * account): the native <dialog> traps focus, closes on Escape and returns focus to the opener.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onCancel,
  onConfirm,
  testId,
  returnFocusTo,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
  /**
   * Where focus goes back when the dialog closes, when that is not what had focus as it opened
   * (an opener disabled while it fetched what the dialog shows loses focus before it opens).
   */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const t = useTranslations("common");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.showModal();
    // The caller unmounts the dialog to close it, which skips the browser's own focus return.
    return () => {
      const target = returnFocusTo?.current ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [returnFocusTo]);
  return (
    <dialog
      ref={ref}
      onClose={onCancel}
      data-testid={testId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 space-y-2 text-sm text-zinc-600 dark:text-zinc-300">{children}</div>
      <div className="mt-5 flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-3 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          {t("cancel")}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          data-testid={`${testId}-confirm`}
          className="rounded-lg bg-red-600 px-3 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
