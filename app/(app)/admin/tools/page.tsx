import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RefreshMcpServerButton } from "@/components/mcp/server-buttons";
import { McpServerStatus, McpToolList } from "@/components/mcp/server-status";
import { Badge } from "@/components/ui/badge";
import { primaryButton } from "@/components/ui/styles";
import { requireAdminPage } from "@/lib/auth/session";
import { listMcpServersForAdmin } from "@/lib/mcp";
import { refreshMcpServerAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mcp.meta");
  return { title: t("tools") };
}

export default async function ToolsPage() {
  await requireAdminPage();
  const [servers, t] = await Promise.all([listMcpServersForAdmin(), getTranslations("mcp")]);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="tools-title">
            {t("list.title")}
          </h1>
          <p className="text-sm text-zinc-500">{t("list.description")}</p>
        </div>
        <Link href="/admin/tools/new" className={primaryButton} data-testid="add-mcp-server">
          {t("list.add")}
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
                  {s.builtin ? (
                    <Badge>{t("list.builtin")}</Badge>
                  ) : (
                    <Badge tone="accent">{t("list.added")}</Badge>
                  )}
                  <Badge>{t(`transports.${s.transport}`)}</Badge>
                  {s.restricted && <Badge tone="amber">{t("list.selectedUsers")}</Badge>}
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
                {s.builtin ? t("list.access") : t("list.edit")}
              </Link>
            </div>
            <details className="text-sm">
              <summary
                className="cursor-pointer select-none text-xs text-zinc-500"
                data-testid="mcp-tools-toggle"
              >
                {t("list.toolCount", { count: s.tools.length })}
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
