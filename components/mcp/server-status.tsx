import { Badge } from "@/components/ui/badge";
import type { McpServerSummary } from "@/lib/mcp/summary";

function when(d: Date | null): string {
  return d ? `${d.toISOString().replace("T", " ").slice(0, 16)} UTC` : "never";
}

/** Connected / error (with the server's message) / not checked yet, and when tools were last listed. */
export function McpServerStatus({ server }: { server: McpServerSummary }) {
  const blocked = server.stdioBlocked || server.secretsUnreadable;
  return (
    <div className="space-y-1" data-testid="mcp-status" data-status={server.status}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
        {!server.enabled ? (
          <Badge>Disabled</Badge>
        ) : server.status === "connected" && !blocked ? (
          <Badge tone="green">Connected</Badge>
        ) : server.status === "error" || blocked ? (
          <Badge tone="amber">Error</Badge>
        ) : (
          <Badge>Not checked yet</Badge>
        )}
        <span data-testid="mcp-last-refreshed">Last refreshed: {when(server.lastRefreshedAt)}</span>
      </div>
      {server.status === "error" && server.lastError && (
        <p className="break-words text-xs text-red-600 dark:text-red-400" data-testid="mcp-error">
          {server.lastError}
        </p>
      )}
      {server.stdioBlocked && (
        <p className="text-xs text-red-600 dark:text-red-400">
          stdio servers are switched off on this server (MCP_ALLOW_STDIO): its tools cannot run.
        </p>
      )}
      {server.secretsUnreadable && (
        <p className="text-xs text-red-600 dark:text-red-400">
          The stored headers or environment can&apos;t be decrypted (APP_ENCRYPTION_KEY changed?). Enter them
          again.
        </p>
      )}
    </div>
  );
}

/** A server's tools as of the last refresh: name and description. */
export function McpToolList({ server }: { server: McpServerSummary }) {
  if (server.tools.length === 0) {
    return <p className="text-xs text-zinc-500">No tools listed yet: use Refresh.</p>;
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
