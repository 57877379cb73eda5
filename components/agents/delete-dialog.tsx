"use client";
import { useEffect, useRef } from "react";

/** Confirmation before deleting an agent, naming the agents that use it as a subagent. */
export function DeleteDialog({
  name,
  parents,
  others,
  pending,
  onCancel,
  onConfirm,
}: {
  name: string;
  parents: { id: string; name: string }[];
  others: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const used = parents.length + others > 0;
  return (
    <dialog
      ref={ref}
      onClose={onCancel}
      data-testid="delete-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 className="text-lg font-semibold">Delete “{name}”?</h2>
      {used ? (
        <div className="mt-2 space-y-2 text-sm text-zinc-600 dark:text-zinc-300">
          <p>It is a subagent of these agents; deleting it removes it from them:</p>
          <ul className="list-disc pl-5" data-testid="delete-parents">
            {parents.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
            {others > 0 && (
              <li>
                {others} agent{others === 1 ? "" : "s"} of other people
              </li>
            )}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          No other agent uses it. This can't be undone.
        </p>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-3 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          data-testid="confirm-delete"
          className="rounded-lg bg-red-600 px-3 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
        >
          {pending ? "Deleting…" : "Delete"}
        </button>
      </div>
    </dialog>
  );
}
