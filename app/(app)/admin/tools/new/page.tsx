import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { McpServerForm } from "@/components/mcp/server-form";
import { requireAdminPage } from "@/lib/auth/session";
import { mcpSettings } from "@/lib/mcp";
import { saveMcpServerAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mcp.meta");
  return { title: t("add") };
}

export default async function NewMcpServerPage() {
  await requireAdminPage();
  const t = await getTranslations("mcp.page");
  const { allowStdio } = mcpSettings();
  return (
    <>
      <header className="space-y-1">
        <Link href="/admin/tools" className="text-sm text-zinc-500 hover:underline">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("newTitle")}</h1>
        <p className="text-sm text-zinc-500">
          {allowStdio ? t("newHttpStdio") : t("newHttp")} {t("newAfter")}
        </p>
      </header>
      <McpServerForm
        allowStdio={allowStdio}
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
          auth: "none",
          restricted: false,
          allowedEmails: [],
        }}
        save={saveMcpServerAction}
      />
    </>
  );
}
