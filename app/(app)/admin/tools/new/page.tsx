import type { Metadata } from "next";
import Link from "next/link";
import { McpServerForm } from "@/components/mcp/server-form";
import { requireAdminPage } from "@/lib/auth/session";
import { mcpSettings } from "@/lib/mcp";
import { saveMcpServerAction } from "../actions";

export const metadata: Metadata = { title: "Add MCP server" };

export default async function NewMcpServerPage() {
  await requireAdminPage();
  return (
    <>
      <header className="space-y-1">
        <Link href="/admin/tools" className="text-sm text-zinc-500 hover:underline">
          ← Tools
        </Link>
        <h1 className="text-2xl font-semibold">Add MCP server</h1>
        <p className="text-sm text-zinc-500">
          A server over streamable HTTP{mcpSettings().allowStdio ? ", or a program started over stdio" : ""}.
          After saving, use “Refresh tools” to connect and list its tools.
        </p>
      </header>
      <McpServerForm
        allowStdio={mcpSettings().allowStdio}
        initial={{
          builtin: false,
          name: "",
          transport: "http",
          url: "",
          headerNames: [],
          command: "",
          args: [],
          envNames: [],
          enabled: true,
          restricted: false,
          allowedEmails: [],
        }}
        save={saveMcpServerAction}
      />
    </>
  );
}
