"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Drawer } from "@/components/ui/drawer";
import { Logo } from "@/components/ui/logo";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { NavLinks } from "./nav-links";
import { SkipLink } from "./skip-link";
import { ThemeToggle } from "./theme-toggle";

interface AppShellProps {
  user: { name: string | null; email: string; role: "USER" | "ADMIN" };
  signOut: () => Promise<void>;
  /** The user's token balance pill (rendered on the server; empty when balances are off). */
  balance?: React.ReactNode;
  children: React.ReactNode;
}

/** Sidebar navigation on wide screens; a top bar with a slide-over menu on phones. */
export function AppShell({ user, signOut, balance, children }: AppShellProps) {
  const t = useTranslations("shell");
  const [open, setOpen] = useState(false);
  const isAdmin = user.role === "ADMIN";
  const sidebar = (
    <div className="flex h-full flex-col gap-6 p-4">
      <Logo className="px-2 text-lg" />
      <NavLinks isAdmin={isAdmin} onNavigate={() => setOpen(false)} />
      <div className="mt-auto space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        {balance && <div className="px-2">{balance}</div>}
        <div className="flex items-center justify-between gap-2 px-2">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 text-sm font-medium">
              <span className="truncate" data-testid="user-name">
                {user.name ?? user.email}
              </span>
              {isAdmin && (
                <span className="shrink-0 rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
                  {t("user.admin")}
                </span>
              )}
            </p>
            <p className="truncate text-xs text-zinc-500">{user.email}</p>
          </div>
          <ThemeToggle />
        </div>
        <form action={signOut}>
          <button
            type="submit"
            data-testid="sign-out"
            className="w-full rounded-lg px-3 py-2 text-left text-sm text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            {t("user.signOut")}
          </button>
        </form>
      </div>
    </div>
  );

  return (
    <div className="flex h-dvh flex-col md:flex-row">
      <SkipLink />
      <KeyboardShortcuts />
      <header className="flex items-center justify-between border-b border-zinc-200 px-3 py-2 md:hidden dark:border-zinc-800">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t("menu.open")}
          data-testid="open-menu"
          className="rounded-lg p-2 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
        <Logo />
        <ThemeToggle />
      </header>
      <aside className="hidden w-60 shrink-0 border-r border-zinc-200 bg-zinc-50 md:block dark:border-zinc-800 dark:bg-zinc-900/60">
        {sidebar}
      </aside>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        label={t("menu.close")}
        title={t("menu.title")}
        hideFrom="md"
      >
        {sidebar}
      </Drawer>
      <main id="main" tabIndex={-1} className="min-h-0 min-w-0 flex-1 overflow-auto outline-none">
        {children}
      </main>
    </div>
  );
}
