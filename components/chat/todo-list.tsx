"use client";
import { CheckCircle2, Circle, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { TodoItem, TodoStatus } from "@/lib/agents/tools";

const ICON = { done: CheckCircle2, in_progress: LoaderCircle, pending: Circle } as const;
const TONE: Record<TodoStatus, string> = {
  done: "text-emerald-700 dark:text-emerald-400",
  in_progress: "text-sky-700 dark:text-sky-300",
  pending: "text-zinc-500 dark:text-zinc-400",
};

/**
 * An agent's plan (its latest `write_todos` list), compact. Each item's status is said in words
 * (for screen readers, and as the icon's title) and by the icon's shape, never by colour alone.
 */
export function TodoList({ todos }: { todos: TodoItem[] }) {
  const t = useTranslations("chat.todos");
  const done = todos.filter((x) => x.status === "done").length;
  return (
    <section
      className="my-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
      aria-label={t("title")}
      data-testid="todo-list"
    >
      <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {t("progress", { done, total: todos.length })}
      </p>
      <ul className="space-y-0.5">
        {todos.map((item, i) => {
          const Icon = ICON[item.status];
          return (
            <li key={i} className="flex items-start gap-2" data-testid="todo-item" data-status={item.status}>
              <Icon className={`mt-0.5 size-3.5 shrink-0 ${TONE[item.status]}`} aria-hidden="true" />
              <span className="sr-only">{t(`status.${item.status}`)}: </span>
              <span
                className={
                  item.status === "done" ? "text-zinc-500 line-through dark:text-zinc-400" : undefined
                }
              >
                {item.content}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
