// Grades one case's answer with its judge: a one-agent run (no tools) on the endpoint and model
// the case names, resolved for the person running the eval exactly as their chat's agents are (an
// endpoint they may not use is refused). Its model calls are charged through the case's own
// ledger hook, so the judge counts against their quota and is eval usage like the case's run.
import "server-only";
import { randomUUID } from "node:crypto";
import {
  type AgentDefinition,
  applyEvent,
  createRun,
  type ModelCallInfo,
  type ModelFactory,
  reduceEvents,
  rootText,
} from "@/lib/agents";
import { resolveRunModels } from "@/lib/chat/models";
import { engineRunInput } from "@/lib/chat/run-input";
import { resolveRunTools } from "@/lib/chat/tools";
import { isAppError } from "@/lib/errors";
import type { EffectiveLimits } from "@/lib/quota";
import {
  JUDGE_INSTRUCTIONS,
  type JudgeOutcome,
  type JudgeSpec,
  judgeMessage,
  parseJudgeReply,
} from "./judge";

const JUDGE_AGENT_ID = "eval-judge";

export async function runJudge({
  userId,
  judge,
  input,
  output,
  limits,
  onModelCallEnd,
  signal,
  modelFactory,
}: {
  userId: string;
  judge: JudgeSpec;
  input: string;
  output: string;
  limits: EffectiveLimits;
  onModelCallEnd: (info: ModelCallInfo) => Promise<void> | void;
  signal: AbortSignal;
  modelFactory?: ModelFactory;
}): Promise<JudgeOutcome> {
  const { endpoint, model } = judge;
  const unjudged = (error: string): JudgeOutcome => ({ error, endpoint, model });
  const agent: AgentDefinition = {
    id: JUDGE_AGENT_ID,
    name: "Judge",
    provider: endpoint,
    model,
    instructions: JUDGE_INSTRUCTIONS,
  };
  try {
    const agents = new Map([[agent.id, agent]]);
    const resolved = await resolveRunModels({ userId, agents, override: modelFactory });
    const runTools = await resolveRunTools({ userId, agents: resolved.agents });
    const run = await createRun(
      await engineRunInput({
        runId: randomUUID(),
        root: agent,
        runTools,
        resolved,
        messages: [{ role: "user", content: judgeMessage({ rubric: judge.rubric, input, output }) }],
        signal,
        limits,
        onModelCallEnd,
      }),
    );
    const trace = reduceEvents([]);
    await run.consume((event) => applyEvent(trace, event));
    if (trace.status !== "completed")
      return unjudged(trace.error?.message ?? "The judge's run did not finish.");
    const grade = parseJudgeReply(rootText(trace));
    if (!grade) return unjudged("The judge's reply had no score from 1 to 5.");
    return {
      ...grade,
      endpoint,
      model,
      inputTokens: trace.usage.inputTokens,
      outputTokens: trace.usage.outputTokens,
      cost: trace.usage.cost ?? null,
    };
  } catch (err) {
    // A refusal (an endpoint this user may not use, an exhausted balance) is the judge's outcome,
    // in its own words; the case's result stands.
    return unjudged(isAppError(err) ? err.message : "The judge could not run.");
  }
}
