import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { EndpointSummary } from "@/lib/endpoints/catalog";
import { PROTOCOL_LABELS } from "./protocols";

const SOURCE = {
  env: { label: "Environment", tone: "amber" },
  builtin: { label: "Built in", tone: "zinc" },
  db: { label: "Added here", tone: "accent" },
} as const;

/** Every endpoint on this server; only the ones added here link to their edit form. */
export function EndpointList({ endpoints, demoLabel }: { endpoints: EndpointSummary[]; demoLabel: string }) {
  if (endpoints.length === 0) {
    return <p className="text-sm text-zinc-500">No endpoints yet.</p>;
  }
  return (
    <ul
      className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      data-testid="endpoint-list"
    >
      {endpoints.map((e) => {
        const source = SOURCE[e.source];
        const isDemo = e.protocol === "demo";
        const label = isDemo ? demoLabel : e.name;
        return (
          <li
            key={e.id}
            className="flex flex-wrap items-start gap-3 p-4"
            data-testid={`endpoint-row-${label}`}
          >
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{label}</span>
                <Badge tone={source.tone} testId="endpoint-source">
                  {source.label}
                </Badge>
                {!isDemo && <Badge>{PROTOCOL_LABELS[e.protocol] ?? e.protocol}</Badge>}
                {e.restricted && <Badge tone="amber">Selected users</Badge>}
                {e.allowUserKeys && <Badge tone="green">Personal keys</Badge>}
              </div>
              <p className="truncate text-xs text-zinc-500">
                {isDemo
                  ? "Answers from a script, without a model or network: for trying the app."
                  : (e.baseURL ?? "Default URL of the protocol")}
              </p>
              <p className="text-xs text-zinc-500">
                {e.models.length} {e.models.length === 1 ? "model" : "models"}
                {e.models.length > 0 &&
                  `: ${e.models.slice(0, 4).join(", ")}${e.models.length > 4 ? ", …" : ""}`}
              </p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              {!isDemo && (
                <span className="font-mono text-xs text-zinc-500" data-testid="endpoint-key">
                  {e.keyHint ?? "no key"}
                </span>
              )}
              {e.source === "db" ? (
                <Link
                  href={`/admin/endpoints/${e.id}`}
                  className="font-medium text-accent-600 hover:underline dark:text-accent-100"
                  data-testid="endpoint-edit"
                >
                  Edit
                </Link>
              ) : (
                <span className="text-xs text-zinc-500">Read-only</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
