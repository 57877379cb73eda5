"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useActiveTasks } from "./use-active-tasks";

const ICONS: Record<string, string> = {
  chat: "M4 5h16v11H8l-4 4V5Z",
  agents: "M12 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM5 20a7 7 0 0 1 14 0M4 9h2M18 9h2",
  admin: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z",
  settings: "M4 7h10M18 7h2M4 17h2M10 17h10M16 5v4M8 15v4",
  tasks: "M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2",
};

export function NavLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const pathname = usePathname();
  const t = useTranslations("shell.nav");
  const running = useActiveTasks();
  const items = [
    { href: "/chat", key: "chat" },
    { href: "/agents", key: "agents" },
    { href: "/tasks", key: "tasks" },
    { href: "/settings", key: "settings" },
    ...(isAdmin ? [{ href: "/admin", key: "admin" }] : []),
  ] as const;
  return (
    <nav className="space-y-1" aria-label={t("label")}>
      {items.map((item) => {
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.key}
            href={item.href}
            onClick={onNavigate}
            data-testid={`nav-${item.key}`}
            aria-current={active ? "page" : undefined}
            className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
              active
                ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
                : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            }`}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              <path d={ICONS[item.key]} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t(item.key)}
            {item.key === "tasks" && running > 0 && (
              <span
                data-testid="tasks-running"
                className="ml-auto rounded-full bg-accent-600 px-1.5 text-xs font-semibold text-white"
              >
                <span aria-hidden="true">{running}</span>
                <span className="sr-only">{t("tasksRunning", { count: running })}</span>
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
