import { auditKeyLabel, auditKindLabel } from "@/lib/audit/kinds";
import type { AuditEntry } from "@/lib/db/audit";
import { fieldLabel } from "@/lib/quota/fields";

/** An audit entry as the page hands it over (the date as an ISO string). */
type Entry = Omit<AuditEntry, "createdAt"> & { createdAt: string };

function value(v: string | null, kind: string): string {
  if (v === null) return kind === "override" ? "(global)" : "—";
  return /^-?\d+$/.test(v) ? Number(v).toLocaleString("en-US") : v;
}

/** Every admin action: who, when, what, old → new (secrets only as "set"/"replaced" and names). */
export function AuditLog({ entries }: { entries: Entry[] }) {
  if (!entries.length) return <p className="text-sm text-zinc-500">No changes recorded yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="stack-table w-full text-left text-sm" data-testid="audit-log">
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th className="px-4 py-2 font-medium">When (UTC)</th>
            <th className="px-4 py-2 font-medium">Who</th>
            <th className="px-4 py-2 font-medium">What</th>
            <th className="px-4 py-2 font-medium">Change</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-row" data-kind={e.kind}>
              <td data-label="When (UTC)" className="whitespace-nowrap px-4 py-2 text-zinc-500 tabular-nums">
                {e.createdAt.slice(0, 19).replace("T", " ")}
              </td>
              <td data-label="Who" className="px-4 py-2">
                {e.actorEmail}
              </td>
              <td data-label="What" className="px-4 py-2">
                <span className="mr-1 rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">
                  {auditKindLabel(e.kind)}
                </span>
                {e.target && <span className="font-medium">{e.target} · </span>}
                {auditKeyLabel(e.key) ?? fieldLabel(e.key)}
                {e.targetEmail && <span className="text-zinc-500"> · {e.targetEmail}</span>}
              </td>
              <td data-label="Change" className="px-4 py-2 tabular-nums">
                <span className="text-zinc-500">{value(e.oldValue, e.kind)}</span> →{" "}
                <span className="font-medium">{value(e.newValue, e.kind)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
