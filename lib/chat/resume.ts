// Resuming a paused run after a decision, in this process, from what approvals.ts stored: the
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
import { RunApprovals, type StoredCheckpoint } from "./approvals";
import { modelCallCharges } from "./charges";
import { registerRun } from "./live-runs";
import { resolveRunModels } from "./models";
import { handleRelayedSignals } from "./run-control";
import { pump } from "./start-chat";
import { testModelFactory } from "./test-hooks";
import { resolveRunTools } from "./tools";

const EMPTY_USAGE: MessageUsage = {
  inputTokens: 0,
  outputTokens: 0,
  subagentInputTokens: 0,
  subagentOutputTokens: 0,
};

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
  try {
    if (!tree) throw new Error("The paused answer is gone");
    const agents = new Map(cp.agents.map((a) => [a.id, a]));
    const resolved = await resolveRunModels({
      userId,
      agents,
      override: testModelFactory(),
      locale: cp.locale,
    });
    const runTools = await resolveRunTools({ userId, agents: resolved.agents });
    const root = runTools.agents.get(cp.rootId);
    if (!root) throw new Error("The paused run's agent is gone");
    const limits = await getLimitsForUser({ userId });
    const charges = modelCallCharges({ runId, userId, limits });
    const approvals = new RunApprovals({ runId, userId });
    const controller = new AbortController();
    // Messages the user sends while it runs (Steer), for the root agent.
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
    const live = registerRun({
      userId,
      abort: (reason) => controller.abort(reason),
      steer: (text) => steering.push(text),
      meta: { ...cp.meta, resumedFrom: tree },
    });
    handleRelayedSignals();
    void pump({
      live,
      run,
      signal: controller.signal,
      assistantMessageId,
      runId,
      usageRows: charges.usageRows,
      historyIds: cp.historyIds,
      approvals,
      checkpoint: withoutEngine(cp),
      base: { tree, usage: (stored?.usage as MessageUsage | null) ?? EMPTY_USAGE },
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
      usage: (stored?.usage as MessageUsage | null) ?? EMPTY_USAGE,
      usageRows: [],
      close: { runId, status: "FAILED" },
    });
    throw err;
  }
}

function withoutEngine({ engine: _done, ...rest }: StoredCheckpoint) {
  return rest;
}
