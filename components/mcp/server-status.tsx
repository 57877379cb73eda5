import { useFormatter, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { McpServerSummary } from "@/lib/mcp/summary";

/**
 * A server's one status, as stored (refreshes and tool calls update it, lib/mcp/call-status.ts):
 * connected / error (with the server's message) / not checked yet, and when tools were last listed.
 */
export function McpServerStatus({ server }: { server: McpServerSummary }) {
  const t = useTranslations("mcp.status");
  const format = useFormatter();
  const blocked = server.stdioBlocked || server.secretsUnreadable;
  // In UTC, as the server renders it: the same text on every viewer's screen.
  const when = (d: Date | null) =>
    d
      ? t("when", {
          date: format.dateTime(d, {
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
            timeZone: "UTC",
          }),
        })
      : t("never");
  return (
    // Live: a Refresh (or a call) changes the stored status, and this is the only place that says it.
    <div className="space-y-1" data-testid="mcp-status" data-status={server.status} aria-live="polite">
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
        {!server.enabled ? (
          <Badge>{t("disabled")}</Badge>
        ) : server.status === "connected" && !blocked ? (
          <Badge tone="green">{t("connected")}</Badge>
        ) : server.status === "error" || blocked ? (
          <Badge tone="amber">{t("error")}</Badge>
        ) : (
          <Badge>{t("unchecked")}</Badge>
        )}
        <span data-testid="mcp-last-refreshed">
          {t("lastRefreshed", { when: when(server.lastRefreshedAt) })}
        </span>
      </div>
      {server.status === "error" && server.lastError && (
        <p className="break-words text-xs text-red-600 dark:text-red-400" data-testid="mcp-error">
          {server.lastError}
        </p>
      )}
      {server.stdioBlocked && <p className="text-xs text-red-600 dark:text-red-400">{t("stdioBlocked")}</p>}
      {server.secretsUnreadable && (
        <p className="text-xs text-red-600 dark:text-red-400">{t("secretsUnreadable")}</p>
      )}
    </div>
  );
}

/** A server's tools as of the last refresh: name and description. */
export function McpToolList({ server }: { server: McpServerSummary }) {
  const t = useTranslations("mcp.status");
  if (server.tools.length === 0) {
    return <p className="text-xs text-zinc-500">{t("noTools")}</p>;
  }
  return (
    <ul className="space-y-1.5" data-testid="mcp-tools">
      {server.tools.map((t) => (
        <li key={t.name} className="text-sm" data-testid="mcp-tool">
          <span className="font-mono text-xs font-medium">{t.name}</span>
          {t.description && <span className="block text-xs text-zinc-500">{t.description}</span>}
        </li>
      ))}
    </ul>
  );
}
