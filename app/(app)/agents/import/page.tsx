import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { TeamImport } from "@/components/agents/team-import";
import { requireUserPage } from "@/lib/auth/session";
import { TEAM_SCHEMA_PATH } from "@/lib/teams/file-schema";
import { importTeamAction, previewTeamImportAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents.import");
  return { title: t("metaTitle") };
}

export default async function ImportTeamPage() {
  await requireUserPage();
  const [t, tPage] = await Promise.all([getTranslations("agents.import"), getTranslations("agents.page")]);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <header className="space-y-1">
        <Link href="/agents" className="text-sm text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          {tPage("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="import-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("intro", {
            schema: (chunks) => (
              <a href={TEAM_SCHEMA_PATH} className="underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      </header>
      <TeamImport preview={previewTeamImportAction} commit={importTeamAction} />
    </div>
  );
}
