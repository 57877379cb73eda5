import type { Metadata } from "next";
import { z } from "zod";
import { AuditFilter } from "@/components/admin/audit-filter";
import { AuditLog } from "@/components/admin/audit-log";
import { auditKindSchema } from "@/lib/audit/kinds";
import { requireAdminPage } from "@/lib/auth/session";
import { listAuditEmails, listAuditRows } from "@/lib/db/audit";

export const metadata: Metadata = { title: "Audit log · Admin" };

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
  const [entries, emails] = await Promise.all([
    listAuditRows({ kind, email: user, take: 200 }),
    listAuditEmails(),
  ]);
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="text-sm text-zinc-500">
          Every admin action — limits, overrides, balances, accounts, registration, invites, endpoints and MCP
          servers; newest first (last 200). Keys and header values are never recorded.
        </p>
      </header>
      <AuditFilter kind={kind} email={user} emails={emails} />
      <AuditLog entries={entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }))} />
    </>
  );
}
