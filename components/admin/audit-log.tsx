import { useFormatter, useTranslations } from "next-intl";
import type { AuditEntry } from "@/lib/db/audit";

/** An audit entry as the page hands it over (the date as an ISO string). */
type Entry = Omit<AuditEntry, "createdAt"> & { createdAt: string };

/** The values the recorder writes as words (lib/audit/record.ts), by their catalog key. */
const VALUE_WORDS: Record<string, string> = {
  yes: "yes",
  no: "no",
  set: "set",
  "not set": "notSet",
  replaced: "replaced",
  failed: "failed",
};

/** A refresh's outcome as the recorder stores it ("3 tools", app/(app)/admin/tools/actions.ts). */
const TOOL_COUNT = /^(\d+) tools?$/;

/** Every admin action: who, when, what, old → new (secrets only as "set"/"replaced" and names). */
export function AuditLog({ entries }: { entries: Entry[] }) {
  const t = useTranslations("admin");
  const format = useFormatter();
  // A changed field's name: the log's own keys (invite:create → audit.keys.invite_create), else a
  // quota setting's label, else the stored key as is.
  const fieldName = (key: string) => {
    const id = key.replaceAll(":", "_");
    if (t.has(`audit.keys.${id}`)) return t(`audit.keys.${id}`);
    if (t.has(`quota.fields.${id}.label`)) return t(`quota.fields.${id}.label`);
    return key;
  };
  const value = (v: string | null, kind: string) => {
    if (v === null) return kind === "override" ? t("audit.global") : "—";
    if (/^-?\d+$/.test(v)) return format.number(Number(v));
    const tools = TOOL_COUNT.exec(v);
    if (tools) return t("audit.values.tools", { count: Number(tools[1]) });
    const word = VALUE_WORDS[v];
    return word ? t(`audit.values.${word}`) : v;
  };
  const kindName = (kind: string) => (t.has(`audit.kinds.${kind}`) ? t(`audit.kinds.${kind}`) : kind);

  if (!entries.length) return <p className="text-sm text-zinc-500">{t("audit.empty")}</p>;
  const when = t("audit.columns.when");
  const who = t("audit.columns.who");
  const what = t("audit.columns.what");
  const change = t("audit.columns.change");
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="stack-table w-full text-left text-sm" data-testid="audit-log">
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th className="px-4 py-2 font-medium">{when}</th>
            <th className="px-4 py-2 font-medium">{who}</th>
            <th className="px-4 py-2 font-medium">{what}</th>
            <th className="px-4 py-2 font-medium">{change}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-row" data-kind={e.kind}>
              <td data-label={when} className="whitespace-nowrap px-4 py-2 text-zinc-500 tabular-nums">
                {format.dateTime(new Date(e.createdAt), {
                  year: "numeric",
                  month: "2-digit",
                  day: "2-digit",
                  hour: "2-digit",
                  minute: "2-digit",
                  second: "2-digit",
                  hourCycle: "h23",
                  timeZone: "UTC",
                })}
              </td>
              <td data-label={who} className="px-4 py-2">
                {e.actorEmail}
              </td>
              <td data-label={what} className="px-4 py-2">
                <span className="mr-1 rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">
                  {kindName(e.kind)}
                </span>
                {e.target && <span className="font-medium">{e.target} · </span>}
                {fieldName(e.key)}
                {e.targetEmail && <span className="text-zinc-500"> · {e.targetEmail}</span>}
              </td>
              <td data-label={change} className="px-4 py-2 tabular-nums">
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
