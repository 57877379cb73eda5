"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/action-result";
import { DeleteDialog } from "./delete-dialog";

type Parents = { parents: { id: string; name: string }[]; others: number };

/** Duplicate (anyone who can view) and delete (owner, after a confirmation naming the parents). */
export function AgentCardActions({
  agent,
  duplicate,
  parents,
  remove,
  afterDelete,
  showChat = true,
}: {
  agent: { id: string; name: string; isOwner: boolean };
  duplicate: (input: { id: string }) => Promise<ActionResult<{ id: string }>>;
  parents: (input: { id: string }) => Promise<ActionResult<Parents>>;
  remove: (input: {
    id: string;
  }) => Promise<ActionResult<{ removedFrom: { id: string; name: string }[]; others: number }>>;
  afterDelete?: string;
  /** The list shows a Chat button; the agent's own page has a bigger one already. */
  showChat?: boolean;
}) {
  const t = useTranslations("agents.actions");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [confirm, setConfirm] = useState<Parents | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Disabled while it asks what the dialog will show, the button loses focus: the dialog returns it.
  const deleteButton = useRef<HTMLButtonElement>(null);
  const btn =
    "rounded-md border border-zinc-300 px-2.5 py-1.5 text-xs font-medium hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

  const onDuplicate = () =>
    start(async () => {
      const res = await duplicate({ id: agent.id });
      if (res.ok) router.push(`/agents/${res.data.id}`);
      else setError(res.error.message);
    });
  const onAskDelete = () =>
    start(async () => {
      const res = await parents({ id: agent.id });
      if (res.ok) setConfirm(res.data);
      else setError(res.error.message);
    });
  const onDelete = () =>
    start(async () => {
      const res = await remove({ id: agent.id });
      setConfirm(null);
      if (!res.ok) return setError(res.error.message);
      const qs = new URLSearchParams({ deleted: agent.name });
      const { removedFrom, others } = res.data;
      if (removedFrom.length) qs.set("removedFrom", removedFrom.map((p) => p.name).join(", "));
      if (others) qs.set("others", String(others));
      router.push(`${afterDelete ?? "/agents"}?${qs}`);
      router.refresh();
    });

  return (
    <div className="flex items-center gap-2">
      {showChat && (
        <Link href={`/chat?agent=${agent.id}`} className={btn} data-testid="agent-card-chat">
          {t("chat")}
        </Link>
      )}
      <button
        type="button"
        className={btn}
        disabled={pending}
        onClick={onDuplicate}
        data-testid="duplicate-agent"
      >
        {t("duplicate")}
      </button>
      {agent.isOwner && (
        <button
          type="button"
          className={`${btn} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/40`}
          disabled={pending}
          ref={deleteButton}
          onClick={onAskDelete}
          data-testid="delete-agent"
        >
          {t("delete")}
        </button>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
      {confirm && (
        <DeleteDialog
          name={agent.name}
          parents={confirm.parents}
          others={confirm.others}
          pending={pending}
          onCancel={() => setConfirm(null)}
          onConfirm={onDelete}
          returnFocusTo={deleteButton}
        />
      )}
    </div>
  );
}
