import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { McpConnectButton, McpDisconnectButton } from "@/components/mcp/connection-buttons";
import { Badge } from "@/components/ui/badge";
import { requireUserPage } from "@/lib/auth/session";
import { listMcpConnections } from "@/lib/mcp/oauth/connections";
import { connectMcpServerAction, disconnectMcpServerAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mcp.connections");
  return { title: t("title") };
}

// What the callback says went wrong (?error=), by a fixed word: nothing from the URL is shown as is.
const CALLBACK_ERRORS = { denied: "errorDenied", state: "errorState", failed: "errorFailed" } as const;

export default async function ConnectionsPage({
  searchParams,
}: {
  searchParams: Promise<{ connected?: string; error?: string }>;
}) {
  const user = await requireUserPage();
  const [connections, query, t, format] = await Promise.all([
    listMcpConnections({ userId: user.id }),
    searchParams,
    getTranslations("mcp.connections"),
    getFormatter(),
  ]);
  const justConnected = connections.find((c) => c.connected && c.server.id === query.connected);
  const errorKey = CALLBACK_ERRORS[query.error as keyof typeof CALLBACK_ERRORS];
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <header className="space-y-1">
        <Link href="/settings" className="text-sm text-zinc-600 underline dark:text-zinc-400">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="connections-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      </header>
      {justConnected && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
          data-testid="connections-notice"
        >
          {t("connected", { name: justConnected.server.name })}
        </p>
      )}
      {errorKey && (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
          data-testid="connections-error"
        >
          {t(errorKey)}
        </p>
      )}
      {connections.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="connections-none">
          {t("none")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="connection-list">
          {connections.map((c) => (
            <li
              key={c.server.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
              data-testid="connection-row"
            >
              <div className="space-y-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{c.server.name}</span>
                  {c.connected ? (
                    <Badge tone="green" testId="connection-status">
                      {t("statusConnected")}
                    </Badge>
                  ) : (
                    <Badge tone="amber" testId="connection-status">
                      {t("statusNotConnected")}
                    </Badge>
                  )}
                </div>
                {c.connectedAt && (
                  <p className="text-zinc-600 dark:text-zinc-400">
                    {t("since", {
                      when: format.dateTime(c.connectedAt, { dateStyle: "medium", timeStyle: "short" }),
                    })}
                  </p>
                )}
              </div>
              {c.connected ? (
                <McpDisconnectButton
                  serverId={c.server.id}
                  name={c.server.name}
                  disconnect={disconnectMcpServerAction}
                />
              ) : (
                <McpConnectButton
                  serverId={c.server.id}
                  name={c.server.name}
                  connect={connectMcpServerAction}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
