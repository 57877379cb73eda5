import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CurrencyProvider } from "@/components/chat/cost";
import { CaseFilesPanel } from "@/components/evals/case-files-panel";
import { CasesEditor } from "@/components/evals/cases-editor";
import { EvalRunner } from "@/components/evals/eval-runner";
import { ShareGateToggle } from "@/components/evals/share-gate-toggle";
import { requireUserPage } from "@/lib/auth/session";
import { readPricing } from "@/lib/db/prices";
import { isAppError } from "@/lib/errors";
import { casesToJsonl } from "@/lib/evals/cases";
import { getEvalRun, getSuite } from "@/lib/evals/service";
import { myFiles } from "@/lib/files/my-files";
import { cancelEvalAction, saveCasesAction, setShareGateAction, startEvalAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("evals.page");
  return { title: t("metaTitle") };
}

const notFoundOn404 = (err: unknown): never => {
  if (isAppError(err) && err.status === 404) notFound();
  throw err;
};

export default async function AgentEvalsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ run?: string }>;
}) {
  const user = await requireUserPage();
  const { id } = await params;
  const { run: runId } = await searchParams;
  const suite = await getSuite({ agentId: id, userId: user.id }).catch(notFoundOn404);
  const shownId = runId ?? suite.runs[0]?.id;
  const run = shownId
    ? await getEvalRun({ evalRunId: shownId, userId: user.id }).catch((err) =>
        isAppError(err) && err.status === 404 ? null : Promise.reject(err),
      )
    : null;
  const [t, { currency }, files] = await Promise.all([
    getTranslations("evals.page"),
    readPricing(),
    // The owner's files the cases can name; a viewer never sees them (they are lent to runs only).
    suite.mayEdit ? myFiles(user.id).then((m) => m.files) : Promise.resolve([]),
  ]);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <header className="space-y-2">
        <Link
          href={`/agents/${id}`}
          className="text-sm text-zinc-600 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200"
        >
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {suite.mayEdit ? t("introOwner") : t("introViewer")}
        </p>
        {suite.mayEdit && (
          <ShareGateToggle agentId={id} on={suite.requirePassingToShare} save={setShareGateAction} />
        )}
      </header>
      <CasesEditor
        agentId={id}
        mayEdit={suite.mayEdit}
        count={suite.cases.length}
        jsonl={suite.cases.length ? casesToJsonl(suite.cases) : ""}
        save={saveCasesAction}
      />
      {suite.mayEdit && <CaseFilesPanel files={files.map(({ id, name, size }) => ({ id, name, size }))} />}
      <CurrencyProvider currency={currency}>
        <EvalRunner
          agentId={id}
          versions={suite.versions.map((v) => v.version)}
          hasCases={suite.cases.length > 0}
          history={suite.runs.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))}
          run={run ? { ...run, createdAt: run.createdAt.toISOString() } : null}
          start={startEvalAction}
          cancel={cancelEvalAction}
        />
      </CurrencyProvider>
    </div>
  );
}
