import type { Metadata } from "next";
import Link from "next/link";
import { OverrideForm } from "@/components/admin/override-form";
import { requireAdminPage } from "@/lib/auth/session";
import { listUsers } from "@/lib/db/users";
import { getQuotaOverride, getQuotaSettings, listQuotaOverrides } from "@/lib/quota";
import { fieldLabel } from "@/lib/quota/fields";
import { saveOverrideAction } from "../quota-actions";

export const metadata: Metadata = { title: "Per-user overrides · Admin" };

export default async function OverridesPage({ searchParams }: { searchParams: Promise<{ user?: string }> }) {
  await requireAdminPage();
  const { user } = await searchParams;
  const [users, globals, overrides] = await Promise.all([
    listUsers(),
    getQuotaSettings(),
    listQuotaOverrides(),
  ]);
  const userId = users.some((u) => u.id === user) ? (user as string) : null;
  const override = userId ? await getQuotaOverride({ userId }) : {};
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">Per-user overrides</h1>
        <p className="text-sm text-zinc-500">
          Any setting can differ for one user; empty fields follow the global value.
        </p>
      </header>
      <OverrideForm
        key={userId ?? "none"}
        users={users.map((u) => ({ id: u.id, email: u.email }))}
        userId={userId}
        override={override}
        globals={globals}
        action={saveOverrideAction}
      />
      <section className="space-y-2">
        <h2 className="text-lg font-medium">Users with overrides</h2>
        {overrides.length === 0 ? (
          <p className="text-sm text-zinc-500">Nobody has overrides; everyone follows the global settings.</p>
        ) : (
          <ul
            className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800"
            data-testid="override-list"
          >
            {overrides.map((o) => (
              <li key={o.userId} className="flex flex-wrap items-baseline gap-x-3 px-4 py-2">
                <Link
                  href={`/admin/overrides?user=${o.userId}`}
                  className="font-medium text-accent-700 hover:underline dark:text-accent-100"
                >
                  {o.email}
                </Link>
                <span className="text-zinc-500">
                  {Object.entries(o.override)
                    .map(([k, v]) => `${fieldLabel(k)}: ${typeof v === "boolean" ? (v ? "on" : "off") : v}`)
                    .join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
