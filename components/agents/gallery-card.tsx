"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/action-result";
import type { GalleryAgent } from "@/lib/db/agents-gallery";
import { primaryButton, secondaryButton } from "../ui/styles";

/** One agent of the gallery: who made it, its category, its tree at a glance, use and duplicate. */
export function GalleryCard({
  agent,
  duplicate,
}: {
  agent: GalleryAgent;
  duplicate: (input: { id: string }) => Promise<ActionResult<{ id: string }>>;
}) {
  const t = useTranslations("agents.gallery");
  const tCat = useTranslations("agents.category");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const onDuplicate = () =>
    start(async () => {
      const res = await duplicate({ id: agent.id });
      if (res.ok) router.push(`/agents/${res.data.id}`);
      else setError(res.error.message);
    });
  const team =
    agent.subagentsEnabled && (agent.children.length > 0 || agent.allowSelf || agent.hiddenChildren > 0);
  return (
    <li
      data-testid={`gallery-card-${agent.name}`}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          href={`/agents/${agent.id}`}
          className="min-w-0 font-medium hover:text-accent-600 dark:hover:text-accent-100"
        >
          <span className="block truncate">{agent.name}</span>
        </Link>
        <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-[11px] font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
          {tCat(agent.category)}
        </span>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t(agent.visibility === "public" ? "byPublic" : "byShared", { owner: agent.ownerName })}
      </p>
      <p className="line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
        {agent.description || t("noDescription")}
      </p>
      <div className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="gallery-tree">
        {team ? (
          <ul className="ml-1 border-l border-zinc-300 pl-2 dark:border-zinc-700">
            {agent.allowSelf && <li>{t("self")}</li>}
            {agent.children.map((c) => (
              <li key={c.id}>{c.name}</li>
            ))}
            {agent.hiddenChildren > 0 && <li>{t("hidden", { count: agent.hiddenChildren })}</li>}
          </ul>
        ) : (
          t("single")
        )}
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Link href={`/chat?agent=${agent.id}`} className={primaryButton} data-testid="gallery-use">
          {t("use")}
        </Link>
        <button
          type="button"
          className={secondaryButton}
          disabled={pending}
          onClick={onDuplicate}
          data-testid="gallery-duplicate"
        >
          {t("duplicate")}
        </button>
      </div>
    </li>
  );
}
