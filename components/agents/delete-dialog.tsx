"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Confirmation before deleting an agent, naming the agents that use it as a subagent. */
export function DeleteDialog({
  name,
  parents,
  others,
  pending,
  onCancel,
  onConfirm,
  returnFocusTo,
}: {
  name: string;
  parents: { id: string; name: string }[];
  others: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const used = parents.length + others > 0;
  return (
    <ConfirmDialog
      title={`Delete “${name}”?`}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="delete-dialog"
      returnFocusTo={returnFocusTo}
    >
      {used ? (
        <>
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
        </>
      ) : (
        <p>No other agent uses it. This can't be undone.</p>
      )}
    </ConfirmDialog>
  );
}
