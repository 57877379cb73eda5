"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";

interface Tab {
  href: string;
  /** Names its test id (admin-tab-<key>). */
  key: string;
  /** Its name's key under admin.nav.tabs. */
  message:
    | "users"
    | "registration"
    | "overrides"
    | "limits"
    | "balances"
    | "rateLimits"
    | "files"
    | "endpoints"
    | "tools"
    | "apiKeys"
    | "pricing"
    | "usage"
    | "audit";
}

/** Each group's `key` is its name's key under admin.nav.groups. */
const GROUPS: ReadonlyArray<{ key: "people" | "limits" | "modelsTools" | "activity"; tabs: Tab[] }> = [
  {
    key: "people",
    tabs: [
      { href: "/admin", key: "users", message: "users" },
      { href: "/admin/registration", key: "registration", message: "registration" },
      { href: "/admin/overrides", key: "overrides", message: "overrides" },
    ],
  },
  {
    key: "limits",
    tabs: [
      { href: "/admin/limits", key: "limits", message: "limits" },
      { href: "/admin/balances", key: "balances", message: "balances" },
      { href: "/admin/rate-limits", key: "rate-limits", message: "rateLimits" },
      { href: "/admin/files", key: "files", message: "files" },
    ],
  },
  {
    key: "modelsTools",
    tabs: [
      { href: "/admin/endpoints", key: "endpoints", message: "endpoints" },
      { href: "/admin/tools", key: "tools", message: "tools" },
      { href: "/admin/api-keys", key: "api-keys", message: "apiKeys" },
      { href: "/admin/pricing", key: "pricing", message: "pricing" },
    ],
  },
  {
    key: "activity",
    tabs: [
      { href: "/admin/usage", key: "usage", message: "usage" },
      { href: "/admin/audit", key: "audit", message: "audit" },
    ],
  },
];

const isActive = (pathname: string, href: string) =>
  pathname === href || (href !== "/admin" && pathname.startsWith(`${href}/`));

/**
 * The admin sections, in groups: a side menu from lg up; below, one button naming the current
 * section that opens the same grouped list (one row instead of four rows of tabs).
 */
export function AdminTabs() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const current = GROUPS.flatMap((g) => g.tabs).find((t) => isActive(pathname, t.href));

  return (
    <nav aria-label={t("label")} data-testid="admin-nav" className="lg:sticky lg:top-8 lg:w-48 lg:shrink-0">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="admin-sections"
        data-testid="admin-nav-toggle"
        className="flex w-full items-center justify-between rounded-lg border border-zinc-300 px-3 py-2 text-sm font-medium lg:hidden dark:border-zinc-700"
      >
        <span>
          <span className="text-zinc-500">{t("prefix")}</span>
          {current ? t(`tabs.${current.message}`) : t("sections")}
        </span>
        <svg
          viewBox="0 0 20 20"
          className={`size-4 transition ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        >
          <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id="admin-sections"
        className={`${open ? "block" : "hidden"} mt-2 space-y-4 rounded-lg border border-zinc-200 p-3 lg:mt-0 lg:block lg:border-0 lg:p-0 dark:border-zinc-800`}
      >
        {GROUPS.map((group) => (
          <div key={group.key}>
            <p className="px-2.5 pb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">
              {t(`groups.${group.key}`)}
            </p>
            <ul>
              {group.tabs.map((tab) => {
                const active = isActive(pathname, tab.href);
                return (
                  <li key={tab.key}>
                    <Link
                      href={tab.href}
                      data-testid={`admin-tab-${tab.key}`}
                      aria-current={active ? "page" : undefined}
                      // Choosing a section closes the list on phones.
                      onClick={() => setOpen(false)}
                      className={`block rounded-md px-2.5 py-1.5 text-sm font-medium transition ${
                        active
                          ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
                          : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                      }`}
                    >
                      {t(`tabs.${tab.message}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
