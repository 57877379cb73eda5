"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/action-result";
import type { TaskListItem } from "@/lib/tasks/service";

type Task = Omit<TaskListItem, "createdAt" | "endedAt"> & { createdAt: string; endedAt: string | null };

const STATUS_STYLE: Record<Task["status"], string> = {
  queued: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
  running: "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100",
  completed: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200",
  failed: "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200",
  cancelled: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
};

/** The user's background tasks with their status; queued and running ones can be cancelled. */
export function TaskList({
  tasks,
  cancel,
}: {
  tasks: Task[];
  cancel: (input: { id: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("tasks");
  const format = useFormatter();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!tasks.length)
    return (
      <p className="text-sm text-zinc-500" data-testid="tasks-empty">
        {t("empty")}
      </p>
    );
  const onCancel = (id: string) =>
    start(async () => {
      const r = await cancel({ id });
      setNotice(r.ok ? { ok: true, text: r.message ?? "" } : { ok: false, text: r.error.message });
      router.refresh();
    });
  return (
    <div className="space-y-3">
      {notice && (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`text-sm ${notice.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-600 dark:text-red-400"}`}
        >
          {notice.text}
        </p>
      )}
      <ul className="space-y-2" data-testid="task-list">
        {tasks.map((task) => (
          <li
            key={task.id}
            data-testid={`task-${task.id}`}
            data-status={task.status}
            className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/40"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 truncate text-sm font-medium">{task.agentName}</span>
              <span
                className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[task.status]}`}
                data-testid="task-status"
              >
                {t(`status.${task.status}`)}
              </span>
            </div>
            <p className="line-clamp-3 text-sm text-zinc-700 break-words dark:text-zinc-300">{task.task}</p>
            {task.error && (
              <p className="text-sm text-red-700 dark:text-red-300">{t("error", { message: task.error })}</p>
            )}
            <div className="flex flex-wrap items-center gap-3 text-xs text-zinc-500">
              <span>
                {format.dateTime(new Date(task.createdAt), { dateStyle: "medium", timeStyle: "short" })}
              </span>
              <Link
                href={`/chat/${task.conversationId}`}
                className="text-accent-700 underline underline-offset-2 dark:text-accent-100"
              >
                {t("openConversation", { title: task.conversationTitle })}
              </Link>
              {(task.status === "queued" || task.status === "running") && (
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => onCancel(task.id)}
                  data-testid="task-cancel"
                  aria-label={t("cancelLabel", { agent: task.agentName })}
                  className="rounded-md border border-zinc-300 px-2.5 py-1 font-medium text-zinc-700 hover:bg-red-50 hover:text-red-700 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-red-950/40 dark:hover:text-red-300"
                >
                  {t("cancel")}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
