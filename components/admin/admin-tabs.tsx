"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";

const GROUPS = [
  {
    label: "People",
    tabs: [
      { href: "/admin", label: "Users", key: "users" },
      { href: "/admin/registration", label: "Registration", key: "registration" },
      { href: "/admin/overrides", label: "Per-user overrides", key: "overrides" },
    ],
  },
  {
    label: "Limits",
    tabs: [
      { href: "/admin/limits", label: "Delegation limits", key: "limits" },
      { href: "/admin/balances", label: "Balances", key: "balances" },
      { href: "/admin/rate-limits", label: "Rate limits", key: "rate-limits" },
      { href: "/admin/files", label: "Files", key: "files" },
    ],
  },
  {
    label: "Models & tools",
    tabs: [
      { href: "/admin/endpoints", label: "Endpoints", key: "endpoints" },
      { href: "/admin/tools", label: "Tools", key: "tools" },
    ],
  },
  {
    label: "Activity",
    tabs: [
      { href: "/admin/usage", label: "Usage", key: "usage" },
      { href: "/admin/audit", label: "Audit log", key: "audit" },
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
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const current = GROUPS.flatMap((g) => g.tabs).find((t) => isActive(pathname, t.href));

  return (
    <nav
      aria-label="Admin sections"
      data-testid="admin-nav"
      className="lg:sticky lg:top-8 lg:w-48 lg:shrink-0"
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="admin-sections"
        data-testid="admin-nav-toggle"
        className="flex w-full items-center justify-between rounded-lg border border-zinc-300 px-3 py-2 text-sm font-medium lg:hidden dark:border-zinc-700"
      >
        <span>
          <span className="text-zinc-500">Admin · </span>
          {current?.label ?? "Sections"}
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
          <div key={group.label}>
            <p className="px-2.5 pb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">
              {group.label}
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
                      {tab.label}
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
