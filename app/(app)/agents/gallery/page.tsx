import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GalleryCard } from "@/components/agents/gallery-card";
import { inputClass, secondaryButton } from "@/components/ui/styles";
import { requireUserPage } from "@/lib/auth/session";
import { AGENT_CATEGORIES, type AgentCategory } from "@/lib/builder/categories";
import { listGallery } from "@/lib/db/agents-gallery";
import { duplicateAgentAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents.gallery");
  return { title: t("metaTitle") };
}

type Search = { q?: string; category?: string };

/** Agents of others the user may use (shared with them, or public): search, filter, use, duplicate. */
export default async function GalleryPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireUserPage();
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q : "";
  const category = AGENT_CATEGORIES.find((c) => c === sp.category);
  const [agents, t, tCat] = await Promise.all([
    listGallery({ userId: user.id, search: q, category }),
    getTranslations("agents.gallery"),
    getTranslations("agents.category"),
  ]);
  const link = (c?: AgentCategory) => {
    const qs = new URLSearchParams({ ...(q ? { q } : {}), ...(c ? { category: c } : {}) });
    return qs.size ? `/agents/gallery?${qs}` : "/agents/gallery";
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link href="/agents" className="text-sm text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
            {t("back")}
          </Link>
          <h1 className="text-2xl font-semibold" data-testid="gallery-title">
            {t("title")}
          </h1>
          <p className="text-sm text-zinc-500">{t("intro")}</p>
        </div>
        <form action="/agents/gallery" className="flex w-full gap-2 sm:w-auto">
          {category && <input type="hidden" name="category" value={category} />}
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("searchPlaceholder")}
            aria-label={t("searchLabel")}
            data-testid="gallery-search"
            className={`${inputClass} sm:w-64`}
          />
          <button type="submit" className={secondaryButton}>
            {t("search")}
          </button>
        </form>
      </header>
      <nav aria-label={t("categories")} className="flex flex-wrap gap-2" data-testid="gallery-categories">
        {[undefined, ...AGENT_CATEGORIES].map((c) => (
          <Link
            key={c ?? "all"}
            href={link(c)}
            aria-current={c === category ? "page" : undefined}
            className="rounded-full border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 aria-[current=page]:border-accent-600 aria-[current=page]:bg-accent-600 aria-[current=page]:text-white dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {c ? tCat(c) : t("all")}
          </Link>
        ))}
      </nav>
      {agents.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700"
          data-testid="gallery-empty"
        >
          {q || category ? t("emptySearch") : t("empty")}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery-list">
          {agents.map((a) => (
            <GalleryCard key={a.id} agent={a} duplicate={duplicateAgentAction} />
          ))}
        </ul>
      )}
    </div>
  );
}
