import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { AuditFilter } from "@/components/admin/audit-filter";
import { AuditLog } from "@/components/admin/audit-log";
import { auditKindSchema } from "@/lib/audit/kinds";
import { requireAdminPage } from "@/lib/auth/session";
import { listAuditEmails, listAuditRows } from "@/lib/db/audit";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.audit") }) };
}

const filterSchema = z.object({
  kind: auditKindSchema.optional().catch(undefined),
  user: z.email().max(320).optional().catch(undefined),
});

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<{ kind?: string | string[]; user?: string | string[] }>;
}) {
  await requireAdminPage();
  // An unknown kind or a malformed email is ignored (the filter shows "all"), never an error page.
  const raw = await searchParams;
  const { kind, user } = filterSchema.parse({
    kind: typeof raw.kind === "string" && raw.kind ? raw.kind : undefined,
    user: typeof raw.user === "string" && raw.user ? raw.user : undefined,
  });
  const [entries, emails, t] = await Promise.all([
    listAuditRows({ kind, email: user, take: 200 }),
    listAuditEmails(),
    getTranslations("admin.audit"),
  ]);
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-zinc-500">{t("description")}</p>
      </header>
      <AuditFilter kind={kind} email={user} emails={emails} />
      <AuditLog entries={entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }))} />
    </>
  );
}
