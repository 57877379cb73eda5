import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DeleteMcpServerButton, RefreshMcpServerButton } from "@/components/mcp/server-buttons";
import { McpServerForm } from "@/components/mcp/server-form";
import { McpServerStatus, McpToolList } from "@/components/mcp/server-status";
import { StatusLine } from "@/components/ui/form-status";
import { cardClass } from "@/components/ui/styles";
import { requireAdminPage } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { getMcpServerForAdmin, type McpServerSummary, mcpSettings } from "@/lib/mcp";
import { deleteMcpServerAction, refreshMcpServerAction, saveMcpServerAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mcp.meta");
  return { title: t("server") };
}

// Built-in ids contain a colon (`builtin:notes`); a malformed escape is simply an unknown id.
function safeDecode(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export default async function EditMcpServerPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  await requireAdminPage();
  const { id } = await params;
  const { created } = await searchParams;
  const t = await getTranslations("mcp.page");
  let server: McpServerSummary;
  try {
    server = await getMcpServerForAdmin({ id: safeDecode(id) });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found:mcp_server") notFound();
    throw err;
  }
  return (
    <>
      <header className="space-y-1">
        <Link href="/admin/tools" className="text-sm text-zinc-500 hover:underline">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="mcp-server-title">
          {server.name}
        </h1>
        {server.description && <p className="text-sm text-zinc-500">{server.description}</p>}
      </header>
      {created && <StatusLine ok message={t("created", { name: server.name })} />}
      <section className={cardClass} data-testid="mcp-server-tools">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h2 className="font-medium">{t("statusTools")}</h2>
            <McpServerStatus server={server} />
          </div>
          <RefreshMcpServerButton id={server.id} refresh={refreshMcpServerAction} />
        </div>
        <McpToolList server={server} />
      </section>
      <McpServerForm
        key={server.id}
        allowStdio={mcpSettings().allowStdio}
        initial={{
          id: server.id,
          builtin: server.builtin,
          name: server.name,
          transport: server.transport,
          url: server.url ?? "",
          headerNames: server.headerNames,
          command: server.command ?? "",
          args: server.args,
          envNames: server.envNames,
          enabled: server.enabled,
          auth: server.auth,
          restricted: server.restricted,
          allowedEmails: server.allowedEmails,
        }}
        save={saveMcpServerAction}
      />
      {!server.builtin && (
        <DeleteMcpServerButton id={server.id} name={server.name} remove={deleteMcpServerAction} />
      )}
    </>
  );
}
