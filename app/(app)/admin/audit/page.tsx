import type { Metadata } from "next";
import { AuditLog } from "@/components/admin/audit-log";
import { requireAdminPage } from "@/lib/auth/session";
import { listQuotaAudit } from "@/lib/db/quota";

export const metadata: Metadata = { title: "Audit log · Admin" };

export default async function AuditPage() {
  await requireAdminPage();
  const entries = await listQuotaAudit({ take: 200 });
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="text-sm text-zinc-500">
          Every change of a limit, an override or a balance; newest first (last 200).
        </p>
      </header>
      <AuditLog entries={entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }))} />
    </>
  );
}
