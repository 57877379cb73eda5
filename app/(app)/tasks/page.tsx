import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TaskList } from "@/components/tasks/task-list";
import { requireUserPage } from "@/lib/auth/session";
import { listOwnTasks } from "@/lib/tasks/service";
import { cancelTaskAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tasks");
  return { title: t("title") };
}

// Read on every visit: a task's status changes in the background.
export const dynamic = "force-dynamic";

export default async function TasksPage() {
  const user = await requireUserPage();
  const [tasks, t] = await Promise.all([listOwnTasks({ userId: user.id }), getTranslations("tasks")]);
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold" data-testid="tasks-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-500">{t("intro")}</p>
      </header>
      <TaskList
        tasks={tasks.map((task) => ({
          ...task,
          createdAt: task.createdAt.toISOString(),
          endedAt: task.endedAt?.toISOString() ?? null,
        }))}
        cancel={cancelTaskAction}
      />
    </div>
  );
}
