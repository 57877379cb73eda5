import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { ApiAccessSelect } from "@/components/api/api-access-select";
import { requireAdminPage } from "@/lib/auth/session";
import { listAllApiKeys, listUsersApiAccess } from "@/lib/db/api-keys";
import { env } from "@/lib/env";
import { setApiAccessAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("api.admin");
  return { title: t("title") };
}

// Admins see every key's name, owner, prefix and use, never its secret (only a hash is stored).
export default async function AdminApiKeysPage() {
  await requireAdminPage();
  const [users, keys, t, tKeys, format] = await Promise.all([
    listUsersApiAccess(),
    listAllApiKeys(),
    getTranslations("api.admin"),
    getTranslations("api.keys"),
    getFormatter(),
  ]);
  const now = new Date();
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });
  const cell = "px-3 py-2 text-left align-top";
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="admin-api-keys-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      </header>
      <section className="space-y-3">
        <h2 className="text-lg font-medium">{t("accessTitle")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("defaultIs", { state: env().API_ACCESS_DEFAULT })}
        </p>
        <ul className="space-y-2">
          {users.map((u) => (
            <li
              key={u.id}
              className="flex flex-wrap items-center justify-between gap-3"
              data-testid="api-access-row"
            >
              <span className="text-sm">{u.email}</span>
              <div className="w-40">
                <ApiAccessSelect
                  userId={u.id}
                  email={u.email}
                  access={u.apiAccess === null ? "default" : u.apiAccess ? "on" : "off"}
                  save={setApiAccessAction}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-medium">{t("keysTitle")}</h2>
        {keys.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>
        ) : (
          // Focusable so a keyboard can scroll it on a phone (the rows have no controls of their own).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="overflow-x-auto" tabIndex={0} aria-label={t("keysTitle")}>
            <table className="w-full text-sm" data-testid="admin-api-keys">
              <thead>
                <tr>
                  <th className={cell}>{tKeys("name")}</th>
                  <th className={cell}>{t("owner")}</th>
                  <th className={cell}>{t("key")}</th>
                  <th className={cell}>{t("lastUsed")}</th>
                  <th className={cell}>{t("status")}</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr key={k.id} className="border-t border-zinc-200 dark:border-zinc-800">
                    <td className={cell}>{k.name}</td>
                    <td className={cell}>{k.email}</td>
                    <td className={`${cell} font-mono`}>{k.prefix}…</td>
                    <td className={cell}>{k.lastUsedAt ? when(k.lastUsedAt) : t("never")}</td>
                    <td className={cell}>
                      {k.revokedAt
                        ? tKeys("revoked")
                        : k.expiresAt && k.expiresAt <= now
                          ? tKeys("expired")
                          : tKeys("active")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
    </>
  );
}
