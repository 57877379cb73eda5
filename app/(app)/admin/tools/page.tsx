import type { Metadata } from "next";
import Link from "next/link";
import { RefreshMcpServerButton } from "@/components/mcp/server-buttons";
import { McpServerStatus, McpToolList } from "@/components/mcp/server-status";
import { Badge } from "@/components/ui/badge";
import { primaryButton } from "@/components/ui/styles";
import { requireAdminPage } from "@/lib/auth/session";
import { listMcpServersForAdmin } from "@/lib/mcp";
import { refreshMcpServerAction } from "./actions";

export const metadata: Metadata = { title: "Tools" };

export default async function ToolsPage() {
  await requireAdminPage();
  const servers = await listMcpServersForAdmin();
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="tools-title">
            Tools (MCP servers)
          </h1>
          <p className="text-sm text-zinc-500">
            Servers speaking the Model Context Protocol. Their tools can be picked per agent in the builder.
            Header and environment values are stored encrypted and never shown again.
          </p>
        </div>
        <Link href="/admin/tools/new" className={primaryButton} data-testid="add-mcp-server">
          Add server
        </Link>
      </header>
      <ul
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        data-testid="mcp-server-list"
      >
        {servers.map((s) => (
          <li key={s.id} className="space-y-3 p-4" data-testid={`mcp-server-row-${s.name}`}>
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{s.name}</span>
                  {s.builtin ? <Badge>Built in</Badge> : <Badge tone="accent">Added here</Badge>}
                  <Badge>{s.transport === "http" ? "Streamable HTTP" : "stdio"}</Badge>
                  {s.restricted && <Badge tone="amber">Selected users</Badge>}
                </div>
                <p className="truncate font-mono text-xs text-zinc-500">
                  {s.description ??
                    (s.transport === "http" ? s.url : [s.command, ...s.args].filter(Boolean).join(" "))}
                </p>
                <McpServerStatus server={s} />
              </div>
              <Link
                href={`/admin/tools/${encodeURIComponent(s.id)}`}
                className="text-sm font-medium text-accent-600 hover:underline dark:text-accent-100"
                data-testid="mcp-server-edit"
              >
                {s.builtin ? "Access" : "Edit"}
              </Link>
            </div>
            <details className="text-sm">
              <summary
                className="cursor-pointer select-none text-xs text-zinc-500"
                data-testid="mcp-tools-toggle"
              >
                {s.tools.length} {s.tools.length === 1 ? "tool" : "tools"}
              </summary>
              <div className="mt-2">
                <McpToolList server={s} />
              </div>
            </details>
            <RefreshMcpServerButton id={s.id} refresh={refreshMcpServerAction} />
          </li>
        ))}
      </ul>
    </>
  );
}
