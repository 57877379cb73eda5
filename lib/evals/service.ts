// Eval suites and runs as a user may see and change them: every entry point checks access
// (lib/evals/access.ts) before lib/db/evals.ts reads or writes anything. Someone who may not view
// the agent gets the same not-found as for an agent that does not exist.
import "server-only";
import { z } from "zod";
import { canView, loadAgentRows } from "@/lib/db/agents-tree";
import { getDb } from "@/lib/db/client";
import {
  cancelEvalRunRow,
  insertEvalRun,
  lastEvalRunOfVersion,
  listEvalRuns,
  listResults,
  readEvalRun,
  readShareGate,
  readSuite,
  replaceCases,
  writeShareGate,
} from "@/lib/db/evals";
import { feedbackOnConversations } from "@/lib/db/message-feedback";
import { readCurrency } from "@/lib/db/prices";
import { AppError } from "@/lib/errors";
import { fileLimits } from "@/lib/files/limits";
import { issueText } from "@/lib/http/zod-fields";
import { mayEditSuite, mayRunSuite, maySeeEvalRun, type SuiteViewer } from "./access";
import { caseFileProblems } from "./case-files";
import { caseSchema, casesToJsonl, type JsonlProblem, MAX_CASES_PER_SUITE, parseCasesJsonl } from "./cases";
import { evalResultsCsv } from "./export";
import { abortEvalRunHere, enqueueEvalJobs } from "./jobs";
import { summarize, summaryDelta } from "./summary";

async function viewerOf({ agentId, userId }: { agentId: string; userId: string }): Promise<SuiteViewer> {
  const [row] = await loadAgentRows({ ids: [agentId] });
  if (!row || !canView(row, userId)) throw new AppError("not_found:agent");
  return { userId, ownerId: row.ownerId, mayView: true };
}

async function requireEditor(input: { agentId: string; userId: string }) {
  const viewer = await viewerOf(input);
  if (!mayEditSuite(viewer)) throw new AppError("forbidden:eval_suite");
  return viewer;
}

/** The suite's cases, whether the user may edit them, and the agent's saved versions. */
export async function getSuite({ agentId, userId }: { agentId: string; userId: string }) {
  const viewer = await viewerOf({ agentId, userId });
  const [{ suiteId, cases }, gate, versions] = await Promise.all([
    readSuite({ agentId }),
    readShareGate({ agentId }),
    getDb().agentVersion.findMany({
      where: { agentId },
      orderBy: { version: "desc" },
      select: { version: true, createdAt: true },
    }),
  ]);
  const runs = suiteId
    ? await listEvalRuns({ suiteId, userId: mayEditSuite(viewer) ? undefined : userId })
    : [];
  return {
    suiteId,
    cases,
    versions,
    runs,
    mayEdit: mayEditSuite(viewer),
    requirePassingToShare: gate?.requirePassingToShare ?? false,
  };
}

/** Turns "require a passing eval before sharing" on or off (the agent's editor only). */
export async function setShareGate({
  agentId,
  userId,
  on,
}: {
  agentId: string;
  userId: string;
  on: boolean;
}) {
  await requireEditor({ agentId, userId });
  await writeShareGate({ agentId, on });
}

/**
 * For the builder after a save (the agent's editor only; null for anyone else, or before there
 * are two versions and some cases): the previous version's newest eval run, to offer comparing
 * it with the version just saved.
 */
export async function versionEvalPrompt({ agentId, userId }: { agentId: string; userId: string }) {
  const viewer = await viewerOf({ agentId, userId });
  if (!mayEditSuite(viewer)) return null;
  const [{ suiteId, cases }, agent] = await Promise.all([
    readSuite({ agentId }),
    getDb().agent.findUnique({ where: { id: agentId }, select: { version: true } }),
  ]);
  if (!suiteId || !cases.length || !agent || agent.version < 2) return null;
  const previous = agent.version - 1;
  return {
    previous,
    current: agent.version,
    last: await lastEvalRunOfVersion({ suiteId, version: previous }),
  };
}

const casesSchema = z.array(caseSchema).max(MAX_CASES_PER_SUITE);

/** Replaces the suite's cases (the agent's editor only); bad input is a 400 naming the case. */
export async function saveCases({
  agentId,
  userId,
  cases,
}: {
  agentId: string;
  userId: string;
  cases: unknown;
}) {
  const viewer = await requireEditor({ agentId, userId });
  const parsed = casesSchema.safeParse(cases);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issueText(issue);
    throw new AppError("bad_request:eval_cases", { ...message, fields: { [issue.path.join(".")]: message } });
  }
  // Numbered from 1 like lines, so a problem names "case 2".
  const [problem] = await caseFileProblems({
    ownerId: viewer.ownerId,
    cases: parsed.data,
    lines: parsed.data.map((_, i) => i + 1),
    maxPerMessage: (await fileLimits(viewer.ownerId)).maxPerMessage,
  });
  if (problem) throw jsonlRefusal([problem]);
  await replaceCases({ agentId, cases: parsed.data });
}

function jsonlRefusal(problems: JsonlProblem[]) {
  return new AppError("bad_request:eval_jsonl", {
    values: { lines: problems.map((p) => `${p.line}: ${p.message}`).join(" · ") },
    fields: Object.fromEntries(problems.map((p) => [`line ${p.line}`, p.message])),
  });
}

/** Replaces the cases with a JSONL file's (all or nothing); each bad line is named in the error. */
export async function importCases({
  agentId,
  userId,
  jsonl,
}: {
  agentId: string;
  userId: string;
  jsonl: string;
}) {
  const viewer = await requireEditor({ agentId, userId });
  const parsed = parseCasesJsonl(jsonl);
  if (!parsed.ok) throw jsonlRefusal(parsed.problems);
  const fileProblems = await caseFileProblems({
    ownerId: viewer.ownerId,
    cases: parsed.cases,
    lines: parsed.lines,
    maxPerMessage: (await fileLimits(viewer.ownerId)).maxPerMessage,
  });
  if (fileProblems.length) throw jsonlRefusal(fileProblems);
  await replaceCases({ agentId, cases: parsed.cases });
  return parsed.cases.length;
}

export async function exportCases({ agentId, userId }: { agentId: string; userId: string }) {
  await viewerOf({ agentId, userId });
  return casesToJsonl((await readSuite({ agentId })).cases);
}

const versionsSchema = z.array(z.number().int().min(1)).min(1).max(2);

/** Starts an eval run of the suite against one or two versions, on the user's own quota. */
export async function startEval({
  agentId,
  userId,
  versions,
}: {
  agentId: string;
  userId: string;
  versions: unknown;
}): Promise<string> {
  const viewer = await viewerOf({ agentId, userId });
  if (!mayRunSuite(viewer)) throw new AppError("not_found:agent");
  const parsed = versionsSchema.safeParse(versions);
  if (!parsed.success || new Set(parsed.data).size !== parsed.data.length)
    throw new AppError("bad_request:eval_versions");
  const existing = await getDb().agentVersion.findMany({
    where: { agentId, version: { in: parsed.data } },
    select: { version: true },
  });
  const missing = parsed.data.find((v) => !existing.some((e) => e.version === v));
  if (missing !== undefined) throw new AppError("not_found:agent_version", { values: { version: missing } });
  const { suiteId, cases } = await readSuite({ agentId });
  if (!suiteId || !cases.length) throw new AppError("bad_request:eval_no_cases");
  const evalRunId = await insertEvalRun({ suiteId, userId, versions: parsed.data, cases });
  await enqueueEvalJobs(
    parsed.data.flatMap((version) => cases.map((c) => ({ evalRunId, caseId: c.id, version }))),
  );
  return evalRunId;
}

async function visibleRun({ evalRunId, userId }: { evalRunId: string; userId: string }) {
  const run = await readEvalRun({ id: evalRunId });
  if (!run) throw new AppError("not_found:eval_run");
  const viewer = await viewerOf({ agentId: run.agentId, userId }).catch(() => null);
  if (!viewer || !maySeeEvalRun(viewer, run.userId)) throw new AppError("not_found:eval_run");
  return run;
}

/** The eval run with its results and per-version summaries (read only). */
export async function getEvalRun({ evalRunId, userId }: { evalRunId: string; userId: string }) {
  const run = await visibleRun({ evalRunId, userId });
  const stored = await listResults({ evalRunId });
  // The thumbs up/down its starter gave a case's answer in its trace (the chat's own feedback).
  const feedback = await feedbackOnConversations({
    userId: run.userId,
    conversationIds: stored.flatMap((r) => (r.conversationId ? [r.conversationId] : [])),
  });
  const results = stored.map((r) => ({
    ...r,
    feedback: (r.conversationId && feedback.get(r.conversationId)) || null,
  }));
  const summaries = summarize(results, run.versions);
  return {
    id: run.id,
    agentId: run.agentId,
    status: run.status,
    /** Started by the reader: the case conversations (the traces) are theirs to open. */
    mine: run.userId === userId,
    versions: run.versions,
    cases: run.cases,
    total: run.total,
    done: results.length,
    createdAt: run.createdAt,
    results,
    summaries,
    delta: summaries.length === 2 ? summaryDelta(summaries[0], summaries[1]) : null,
  };
}

/**
 * The eval run's results as a download (whoever may see the run; 404 for anyone else): CSV, one
 * line per case and version, or JSON, the same object GET /api/evals/:id answers. Reads only.
 */
export async function exportEvalRun({
  evalRunId,
  userId,
  format,
}: {
  evalRunId: string;
  userId: string;
  format: string;
}): Promise<{ body: string; type: string; filename: string }> {
  if (format !== "csv" && format !== "json") throw new AppError("bad_request:eval_export_format");
  const run = await getEvalRun({ evalRunId, userId });
  const filename = `eval-${run.id}.${format}`;
  if (format === "json") return { body: JSON.stringify(run, null, 2), type: "application/json", filename };
  return { body: evalResultsCsv(run, await readCurrency()), type: "text/csv; charset=utf-8", filename };
}

/** Cancels the eval run (its starter or the agent's editor); finished cases keep their results. */
export async function cancelEval({ evalRunId, userId }: { evalRunId: string; userId: string }) {
  await visibleRun({ evalRunId, userId });
  await cancelEvalRunRow({ id: evalRunId });
  abortEvalRunHere(evalRunId);
}
