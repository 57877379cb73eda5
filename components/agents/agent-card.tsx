import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useSubagentLabel } from "./subagent-label";

const VIS_STYLE = {
  private: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  shared: "bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200",
  public: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
} as const;

export interface AgentCardData {
  id: string;
  name: string;
  description: string;
  visibility: "private" | "shared" | "public";
  ownerName: string;
  isOwner: boolean;
  subagentsEnabled: boolean;
  allowSelf: boolean;
  childCount: number;
  version: number;
}

/** One agent in the list; `actions` are the client-side duplicate/delete buttons. */
export function AgentCard({ agent, actions }: { agent: AgentCardData; actions: ReactNode }) {
  const t = useTranslations("agents");
  const subagentLabel = useSubagentLabel();
  const meta = [
    subagentLabel(agent),
    ...(agent.isOwner ? [] : [t("card.byOwner", { owner: agent.ownerName })]),
    t("card.version", { version: agent.version }),
  ];
  return (
    <li
      data-testid={`agent-card-${agent.name}`}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs transition hover:border-zinc-300 dark:border-zinc-800 dark:bg-zinc-900/40 dark:hover:border-zinc-700"
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          href={`/agents/${agent.id}`}
          className="min-w-0 font-medium hover:text-accent-600 dark:hover:text-accent-100"
          data-testid="agent-link"
        >
          <span className="block truncate">{agent.name}</span>
        </Link>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium capitalize ${VIS_STYLE[agent.visibility]}`}
        >
          {t(`visibility.${agent.visibility}`)}
        </span>
      </div>
      <p className="line-clamp-2 min-h-10 text-sm text-zinc-500">
        {agent.description || t("card.noDescription")}
      </p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-zinc-500" data-testid="agent-card-subagents">
          {meta.join(" · ")}
        </span>
        {actions}
      </div>
    </li>
  );
}
