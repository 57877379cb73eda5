"use client";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("agents.deleteDialog");
  const used = parents.length + others > 0;
  return (
    <ConfirmDialog
      title={t("title", { name })}
      confirmLabel={t("confirm")}
      pendingLabel={t("pending")}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="delete-dialog"
      returnFocusTo={returnFocusTo}
    >
      {used ? (
        <>
          <p>{t("usedBy")}</p>
          <ul className="list-disc pl-5" data-testid="delete-parents">
            {parents.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
            {others > 0 && <li>{t("others", { count: others })}</li>}
          </ul>
        </>
      ) : (
        <p>{t("unused")}</p>
      )}
    </ConfirmDialog>
  );
}
