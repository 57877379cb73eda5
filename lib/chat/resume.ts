// Resuming a paused run after a decision, in this process, from what run-approvals.ts stored: the
// agents as they ran, the conversation and the engine's snapshot. Endpoints, keys and MCP tools are
// resolved again for the user (secrets are never stored in the checkpoint). The engine replays
// what was done without model or tool calls and goes on; the pump continues the stored answer.
import "server-only";
import { createRun, type MessageTree, SteeringInbox } from "@/lib/agents";
import { type MessageUsage, saveAnswer } from "@/lib/db/conversations";
import { messageParts } from "@/lib/db/tool-approvals";
import { withFileContents } from "@/lib/files/send";
import { errorBody, requestErrorLocale } from "@/lib/http/error-body";
import { runPrices } from "@/lib/pricing/load";
import { answerBudgetOfRun, getLimitsForUser } from "@/lib/quota";
import { holdRun, releaseRun } from "@/lib/quota/process-lease";
import { backgroundHooks } from "@/lib/tasks/hooks";
import { emptyUsage } from "./answer-usage";
import { modelCallCharges } from "./charges";
import { resolveAgents } from "./resolve-run";
import { runAnswer } from "./run-answer";
import { RunApprovals, type StoredCheckpoint } from "./run-approvals";

/** Starts the stored run again in this process (its Run row is already RUNNING here). */
export async function resumeRun({
  userId,
  checkpoint: cp,
}: {
  userId: string;
  checkpoint: StoredCheckpoint;
}) {
  const runId = cp.meta.runId;
  const assistantMessageId = cp.meta.assistantMessageId;
  holdRun(runId);
  const stored = await messageParts({ id: assistantMessageId });
  const tree = (stored?.parts as MessageTree | null) ?? null;
  const usage = (stored?.usage as MessageUsage | null) ?? emptyUsage();
  try {
    if (!tree) throw new Error("The paused answer is gone");
    const { resolved, runTools, root } = await resolveAgents({
      userId,
      agents: new Map(cp.agents.map((a) => [a.id, a])),
      rootId: cp.rootId,
      locale: cp.locale,
    });
    if (!root) throw new Error("The paused run's agent is gone");
    const limits = await getLimitsForUser({ userId });
    const charges = modelCallCharges({ runId, userId, limits });
    const approvals = new RunApprovals({ runId, userId });
    const controller = new AbortController();
    const steering = new SteeringInbox();
    const run = await createRun({
      runId,
      agents: [root],
      agentLookup: runTools.agents,
      tools: runTools.tools,
      endpoints: resolved.endpoints,
      messages: await withFileContents(cp.messages),
      initialSummary: cp.initialSummary,
      modelFactory: resolved.modelFactory,
      signal: controller.signal,
      limits: cp.limits,
      onModelCallEnd: charges.onModelCallEnd,
      prices: await runPrices(runTools.agents.values()),
      approvals: approvals.hooks,
      background: backgroundHooks({
        userId,
        conversationId: cp.meta.conversationId,
        parentRunId: runId,
        parentMessageId: assistantMessageId,
        limits,
      }),
      resume: cp.engine,
      steering,
    });
    // The answer keeps its money cap across the pause (lib/quota/budget.ts).
    const cap = await answerBudgetOfRun({ runId, quota: limits });
    if (cap !== null) run.capCost(cap);
    runAnswer({
      userId,
      meta: { ...cp.meta, resumedFrom: tree },
      run,
      controller,
      steering,
      approvals,
      checkpoint: withoutEngine(cp),
      usageRows: charges.usageRows,
      base: { tree, usage },
    });
  } catch (err) {
    // It can't go on (an endpoint or agent that is gone): the answer ends failed, with why.
    releaseRun(runId);
    // Stored with the answer: in the language of the request that resumed it.
    const body = await errorBody(err, await requestErrorLocale());
    await saveAnswer({
      id: assistantMessageId,
      content: stored?.content ?? "",
      parts: tree ?? ({} as MessageTree),
      status: "FAILED",
      error: { code: body.code, message: body.message },
      usage,
      usageRows: [],
      close: { runId, status: "FAILED" },
    });
    throw err;
  }
}

function withoutEngine({ engine: _done, ...rest }: StoredCheckpoint) {
  return rest;
}
