import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { EndpointSummary } from "@/lib/endpoints/catalog";
import { useProtocolName } from "./protocols";

// Each source's badge colour; its name is endpoints.list.sources.<source>.
const SOURCE_TONE = { env: "amber", builtin: "zinc", db: "accent" } as const;

/** Every endpoint on this server; only the ones added here link to their edit form. */
export function EndpointList({ endpoints, demoLabel }: { endpoints: EndpointSummary[]; demoLabel: string }) {
  const t = useTranslations("endpoints.list");
  const protocolName = useProtocolName();
  if (endpoints.length === 0) {
    return <p className="text-sm text-zinc-500">{t("empty")}</p>;
  }
  return (
    <ul
      className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      data-testid="endpoint-list"
    >
      {endpoints.map((e) => {
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
                <Badge tone={SOURCE_TONE[e.source]} testId="endpoint-source">
                  {t(`sources.${e.source}`)}
                </Badge>
                {!isDemo && <Badge>{protocolName(e.protocol)}</Badge>}
                {e.restricted && <Badge tone="amber">{t("selectedUsers")}</Badge>}
                {e.allowUserKeys && <Badge tone="green">{t("personalKeys")}</Badge>}
              </div>
              <p className="truncate text-xs text-zinc-500">
                {isDemo ? t("demoDescription") : (e.baseURL ?? t("defaultUrl"))}
              </p>
              <p className="text-xs text-zinc-500">
                {e.models.length > 0
                  ? t("modelNames", {
                      models: t("modelCount", { count: e.models.length }),
                      names: `${e.models.slice(0, 4).join(", ")}${e.models.length > 4 ? ", …" : ""}`,
                    })
                  : t("modelCount", { count: 0 })}
              </p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              {!isDemo && (
                <span className="font-mono text-xs text-zinc-500" data-testid="endpoint-key">
                  {e.keyHint ?? t("noKey")}
                </span>
              )}
              {e.source === "db" ? (
                <Link
                  href={`/admin/endpoints/${e.id}`}
                  className="font-medium text-accent-600 hover:underline dark:text-accent-100"
                  data-testid="endpoint-edit"
                >
                  {t("edit")}
                </Link>
              ) : (
                <span className="text-xs text-zinc-500">{t("readOnly")}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
