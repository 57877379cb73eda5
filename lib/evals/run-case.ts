// Runs one eval case at one version of the agent tree, as the user who started the eval: the same
// steps as a chat send (lib/chat/launch-run.ts) — endpoints and tools for the user, the engine's
// limits, admission (rate, concurrency, balance) and the usage ledger — but with the tree pinned to
// the version and no browser following it. The answer is stored in its own conversation (marked
// with the eval run, so its usage is eval usage and it stays out of the chat list) for its trace.
// (The usage sums and status mapping are shared with chat in lib/chat/answer-usage.ts; the
// admission call keeps its own shape: no browser, a pinned tree; the case's files are the suite
// owner's, read into the engine's message as a chat's are (case-files.ts), not linked to the stored
// message, so the runner gets no copy of them.)
import "server-only";
import { randomUUID } from "node:crypto";
import {
  applyEvent,
  createRun,
  type ModelFactory,
  type RunEvent,
  reduceEvents,
  rootText,
} from "@/lib/agents";
import { addUsage, emptyUsage, MESSAGE_STATUS, RUN_STATUS } from "@/lib/chat/answer-usage";
import { modelCallCharges } from "@/lib/chat/charges";
import { resolveRunModels } from "@/lib/chat/models";
import { engineRunInput } from "@/lib/chat/run-input";
import { testModelFactory } from "@/lib/chat/test-hooks";
import { resolveRunTools } from "@/lib/chat/tools";
import { saveAnswer } from "@/lib/db/conversations";
import type { ResultRow, StoredCase } from "@/lib/db/evals";
import { newRowId } from "@/lib/db/ids";
import { AppError, isAppError } from "@/lib/errors";
import { admitRun, getLimitsForUser } from "@/lib/quota";
import { ensureProcessLease, holdRun, processLeaseId, releaseRun } from "@/lib/quota/process-lease";
import { caseMessage } from "./case-files";
import { evaluateChecks } from "./checks";
import { runJudge } from "./run-judge";
import { loadTreeAtVersion } from "./tree-at-version";

/** A refusal that passes with time (the user's concurrent runs or message rate): the job retries. */
export function isTransientRefusal(err: unknown): boolean {
  return isAppError(err) && (err.code === "rate_limit:concurrent_runs" || err.code === "rate_limit:messages");
}

export interface CaseRunTarget {
  evalRunId: string;
  userId: string;
  agentId: string;
  version: number;
  evalCase: StoredCase;
  signal?: AbortSignal;
  modelFactory?: ModelFactory;
}

function errorResult(target: CaseRunTarget, err: unknown, conversationId: string | null = null): ResultRow {
  const error = isAppError(err)
    ? { code: err.code, message: err.message }
    : { code: "internal", message: "The case could not run." };
  return {
    caseId: target.evalCase.id,
    version: target.version,
    outcome: "error",
    checks: [],
    output: "",
    error,
    inputTokens: 0,
    outputTokens: 0,
    modelCalls: 0,
    cost: null,
    durationMs: 0,
    conversationId,
    judge: null,
  };
}

/**
 * The case's result. A refusal that passes with time is thrown (the job is retried later); every
 * other failure becomes an "error" result, so a case that cannot run is reported, not retried forever.
 */
export async function runEvalCase(target: CaseRunTarget): Promise<ResultRow> {
  const { userId, agentId, version, evalCase } = target;
  // The user's limits are read while the tree loads (neither needs the other).
  const limitsRead = getLimitsForUser({ userId });
  let tree: Awaited<ReturnType<typeof loadTreeAtVersion>>;
  try {
    tree = await loadTreeAtVersion({ rootId: agentId, version, userId });
  } catch (err) {
    limitsRead.catch(() => {});
    return errorResult(target, err);
  }
  const limits = await limitsRead;
  let resolved: Awaited<ReturnType<typeof resolveRunModels>>;
  let runTools: Awaited<ReturnType<typeof resolveRunTools>>;
  try {
    resolved = await resolveRunModels({
      userId,
      agents: tree.agents,
      override: target.modelFactory ?? testModelFactory(),
    });
    runTools = await resolveRunTools({ userId, agents: resolved.agents });
  } catch (err) {
    return errorResult(target, err);
  }
  const root = runTools.agents.get(agentId);
  if (!root) return errorResult(target, new AppError("not_found:agent"));

  const runId = randomUUID();
  const controller = new AbortController();
  target.signal?.addEventListener("abort", () => controller.abort(target.signal?.reason), { once: true });
  const charges = modelCallCharges({ runId, userId, limits });
  let run: Awaited<ReturnType<typeof createRun>>;
  try {
    const message = await caseMessage({
      ownerId: tree.ownerId,
      input: evalCase.input,
      files: evalCase.files,
      maxPerMessage: limits.maxFilesPerMessage,
    });
    run = await createRun(
      await engineRunInput({
        runId,
        root,
        runTools,
        resolved,
        messages: [message],
        signal: controller.signal,
        limits,
        onModelCallEnd: charges.onModelCallEnd,
      }),
    );
  } catch (err) {
    return errorResult(target, err);
  }

  // The case's conversation is created with its run, by the admission (none when refused).
  const conversationId = newRowId();
  const assistantMessageId = newRowId();
  holdRun(runId);
  try {
    await ensureProcessLease();
    await admitRun({
      runId,
      userId,
      conversationId,
      assistantMessageId,
      agentId,
      processId: processLeaseId(),
      quota: limits,
      turn: {
        newConversation: {
          title: `${evalCase.name || evalCase.input.slice(0, 40)} · v${version}`,
          evalCase: { evalRunId: target.evalRunId, caseId: evalCase.id, version },
        },
        userMessage: { parentId: null, content: evalCase.input },
        userMessageId: newRowId(),
      },
    });
  } catch (err) {
    releaseRun(runId);
    if (isTransientRefusal(err)) throw err;
    return errorResult(target, err);
  }

  try {
    const trace = reduceEvents([]);
    const usage = emptyUsage();
    let modelCalls = 0;
    let end: Extract<RunEvent, { type: "run_end" }> | undefined;
    const started = Date.now();
    await run.consume((event) => {
      applyEvent(trace, event);
      if (event.type === "usage") {
        modelCalls++;
        addUsage(usage, event);
      } else if (event.type === "run_end") end = event;
    });
    const durationMs = trace.durationMs ?? Date.now() - started;
    const text = rootText(trace);
    // The judge grades a finished answer only; its calls join the case's ledger rows below.
    const judge =
      evalCase.judge && trace.status === "completed" && !controller.signal.aborted
        ? await runJudge({
            userId,
            judge: evalCase.judge,
            input: evalCase.input,
            output: text,
            limits,
            onModelCallEnd: charges.onModelCallEnd,
            signal: controller.signal,
            modelFactory: target.modelFactory ?? testModelFactory(),
          })
        : null;
    await saveAnswer({
      id: assistantMessageId,
      content: text,
      parts: trace,
      status: end ? MESSAGE_STATUS[end.status] : "FAILED",
      error: end?.error ?? null,
      usage,
      usageRows: charges.usageRows,
      close: { runId, status: end ? RUN_STATUS[end.status] : "FAILED" },
    });
    const cost = trace.usage.cost === undefined ? null : trace.usage.cost;
    const { outcomes, passed } = evaluateChecks(evalCase.checks, {
      text,
      tree: trace,
      modelCalls,
      cost,
      durationMs,
    });
    return {
      caseId: evalCase.id,
      version,
      outcome: passed ? "passed" : "failed",
      checks: outcomes,
      output: text,
      error: end?.error ?? null,
      inputTokens: trace.usage.inputTokens,
      outputTokens: trace.usage.outputTokens,
      modelCalls,
      cost,
      durationMs,
      conversationId,
      judge,
    };
  } finally {
    releaseRun(runId);
  }
}
