import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ApiKeyCreateForm } from "@/components/api/api-key-create-form";
import { ApiKeyRevokeButton } from "@/components/api/api-key-revoke-button";
import { Badge } from "@/components/ui/badge";
import { apiAccessAllowed } from "@/lib/api/authenticate";
import { EXPIRY_DAYS } from "@/lib/api/keys";
import { requireUserPage } from "@/lib/auth/session";
import { listUsableAgents } from "@/lib/db/agents";
import { listUserApiKeys, userApiAccess } from "@/lib/db/api-keys";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("api.keys");
  return { title: t("title") };
}

export default async function ApiKeysPage() {
  const user = await requireUserPage();
  const [keys, agents, access, t, format] = await Promise.all([
    listUserApiKeys({ userId: user.id }),
    listUsableAgents({ userId: user.id }),
    userApiAccess({ id: user.id }),
    getTranslations("api.keys"),
    getFormatter(),
  ]);
  const names = new Map(agents.map((a) => [a.id, a.name]));
  const now = new Date();
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <header className="space-y-1">
        <Link href="/settings" className="text-sm text-zinc-600 underline dark:text-zinc-400">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="api-keys-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
        <Link
          href="/docs/api"
          className="text-sm text-accent-700 underline dark:text-accent-500"
          data-testid="api-docs-link"
        >
          {t("docsLink")}
        </Link>
      </header>
      {!apiAccessAllowed(access) && (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {t("accessOff")}
        </p>
      )}
      <ApiKeyCreateForm
        agents={agents.map((a) => ({ id: a.id, name: a.name }))}
        expiryDays={EXPIRY_DAYS}
        create={createApiKeyAction}
      />
      <section className="space-y-3">
        <h2 className="text-lg font-medium">{t("listTitle")}</h2>
        {keys.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>
        ) : (
          <ul className="space-y-3" data-testid="api-key-list">
            {keys.map((k) => {
              const expired = k.expiresAt !== null && k.expiresAt <= now;
              return (
                <li
                  key={k.id}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
                  data-testid="api-key-row"
                >
                  <div className="space-y-1 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{k.name}</span>
                      <code className="font-mono text-zinc-600 dark:text-zinc-400">{k.prefix}…</code>
                      {k.revokedAt ? (
                        <Badge tone="amber" testId="api-key-status">
                          {t("revoked")}
                        </Badge>
                      ) : expired ? (
                        <Badge tone="amber" testId="api-key-status">
                          {t("expired")}
                        </Badge>
                      ) : (
                        <Badge tone="green" testId="api-key-status">
                          {t("active")}
                        </Badge>
                      )}
                    </div>
                    <p className="text-zinc-600 dark:text-zinc-400">
                      {k.lastUsedAt ? t("lastUsed", { when: when(k.lastUsedAt) }) : t("neverUsed")}
                      {" · "}
                      {k.expiresAt ? t("expires", { when: when(k.expiresAt) }) : t("noExpiry")}
                    </p>
                    <p className="text-zinc-600 dark:text-zinc-400">
                      {k.agentIds.length
                        ? t("onlyAgents", {
                            agents: format.list(k.agentIds.map((id) => names.get(id) ?? id)),
                          })
                        : t("allAgents")}
                      {" · "}
                      {k.listConversations ? t("conversationsListed") : t("conversationsUnlisted")}
                    </p>
                  </div>
                  {!k.revokedAt && <ApiKeyRevokeButton id={k.id} name={k.name} revoke={revokeApiKeyAction} />}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
