import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { OverrideForm } from "@/components/admin/override-form";
import { requireAdminPage } from "@/lib/auth/session";
import { listUsers } from "@/lib/db/users";
import { getQuotaOverride, getQuotaSettings, listQuotaOverrides } from "@/lib/quota";
import { saveOverrideAction } from "../quota-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.overrides") }) };
}

export default async function OverridesPage({ searchParams }: { searchParams: Promise<{ user?: string }> }) {
  await requireAdminPage();
  const { user } = await searchParams;
  const [users, globals, overrides, t] = await Promise.all([
    listUsers(),
    getQuotaSettings(),
    listQuotaOverrides(),
    getTranslations("admin"),
  ]);
  const userId = users.some((u) => u.id === user) ? (user as string) : null;
  const override = userId ? await getQuotaOverride({ userId }) : {};
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">{t("overrides.title")}</h1>
        <p className="text-sm text-zinc-500">{t("overrides.description")}</p>
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
        <h2 className="text-lg font-medium">{t("overrides.listTitle")}</h2>
        {overrides.length === 0 ? (
          <p className="text-sm text-zinc-500">{t("overrides.empty")}</p>
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
                    .map(([k, v]) =>
                      t("overrides.entry", {
                        label: t.has(`quota.fields.${k}.label`) ? t(`quota.fields.${k}.label`) : k,
                        value: typeof v === "boolean" ? t(v ? "form.on" : "form.off") : String(v),
                      }),
                    )
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
