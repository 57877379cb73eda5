"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "/admin", label: "Users", key: "users" },
  { href: "/admin/registration", label: "Registration", key: "registration" },
  { href: "/admin/limits", label: "Delegation limits", key: "limits" },
  { href: "/admin/balances", label: "Balances", key: "balances" },
  { href: "/admin/rate-limits", label: "Rate limits", key: "rate-limits" },
  { href: "/admin/files", label: "Files", key: "files" },
  { href: "/admin/overrides", label: "Per-user overrides", key: "overrides" },
  { href: "/admin/endpoints", label: "Endpoints", key: "endpoints" },
  { href: "/admin/tools", label: "Tools", key: "tools" },
  { href: "/admin/usage", label: "Usage", key: "usage" },
  { href: "/admin/audit", label: "Audit log", key: "audit" },
];

/** The admin sections; wraps onto several rows on phones. */
export function AdminTabs() {
  const pathname = usePathname();
  return (
    <nav
      aria-label="Admin sections"
      className="-mx-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800"
    >
      <ul className="flex flex-wrap gap-x-1">
        {TABS.map((tab) => {
          const active =
            pathname === tab.href || (tab.href !== "/admin" && pathname.startsWith(`${tab.href}/`));
          return (
            <li key={tab.key}>
              <Link
                href={tab.href}
                data-testid={`admin-tab-${tab.key}`}
                aria-current={active ? "page" : undefined}
                className={`block border-b-2 px-2.5 py-2 sm:px-3 text-sm font-medium transition ${
                  active
                    ? "border-accent-500 text-accent-700 dark:text-accent-100"
                    : "border-transparent text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
