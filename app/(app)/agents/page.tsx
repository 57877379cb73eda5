import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AgentCard, type AgentCardData } from "@/components/agents/agent-card";
import { AgentCardActions } from "@/components/agents/agent-card-actions";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import { requireUserPage } from "@/lib/auth/session";
import { listAgents } from "@/lib/db/agents";
import { agentParentsAction, deleteAgentAction, duplicateAgentAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents.list");
  return { title: t("metaTitle") };
}

type Search = { q?: string; deleted?: string; removedFrom?: string; others?: string };

export default async function AgentsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireUserPage();
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q : "";
  const [lists, t] = await Promise.all([
    listAgents({ userId: user.id, search: q }),
    getTranslations("agents.list"),
  ]);
  const sections = [
    { key: "mine", items: lists.mine, empty: q ? t("empty.mineSearch") : t("empty.mine") },
    { key: "shared", items: lists.shared, empty: t("empty.shared") },
    { key: "public", items: lists.public, empty: t("empty.public") },
  ] as const;
  const others = Number(sp.others);
  return (
    <div className="mx-auto max-w-5xl space-y-8 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="agents-title">
            {t("title")}
          </h1>
          <p className="text-sm text-zinc-500">{t("intro")}</p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <form action="/agents" className="flex-1 sm:flex-none">
            <input
              type="search"
              name="q"
              defaultValue={q}
              placeholder={t("searchPlaceholder")}
              aria-label={t("searchLabel")}
              data-testid="agents-search"
              className={`${inputClass} sm:w-64`}
            />
          </form>
          <Link href="/agents/gallery" data-testid="agents-gallery" className={secondaryButton}>
            {t("gallery")}
          </Link>
          <Link href="/agents/import" data-testid="import-team" className={secondaryButton}>
            {t("import")}
          </Link>
          <Link href="/agents/new" data-testid="new-agent" className={primaryButton}>
            {t("new")}
          </Link>
        </div>
      </header>
      {sp.deleted && (
        <p
          role="status"
          data-testid="deleted-notice"
          className="rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
        >
          {t("deleted", { name: sp.deleted })}
          {sp.removedFrom && <> {t("removedFrom", { names: sp.removedFrom })}</>}
          {others > 0 && <> {t("removedFromOthers", { count: others })}</>}
        </p>
      )}
      {sections.map((s) => (
        <section key={s.key} className="space-y-3" data-testid={`agents-${s.key}`}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-500">
            {t(`sections.${s.key}`)}
            <span className="font-normal">{t("count", { count: s.items.length })}</span>
          </h2>
          {s.items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700">
              {s.empty}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {s.items.map((a) => (
                <AgentCard
                  key={a.id}
                  agent={a satisfies AgentCardData}
                  actions={
                    <AgentCardActions
                      agent={{ id: a.id, name: a.name, isOwner: a.isOwner }}
                      duplicate={duplicateAgentAction}
                      parents={agentParentsAction}
                      remove={deleteAgentAction}
                    />
                  }
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
