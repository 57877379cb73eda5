import "server-only";
import type { AgentDefinition, CreateRunOptions, ModelCallInfo } from "@/lib/agents";
import { currentCurrency } from "@/lib/pricing/current-currency";
import { runPrices } from "@/lib/pricing/load";
import { type EffectiveLimits, engineLimits } from "@/lib/quota";
import type { ResolvedAgents } from "./models";
import type { RunTools } from "./tools";

/**
 * What every run of the app gives the engine, however it was started (a chat turn, an eval case,
 * a background task): the resolved agents, tools and models, the user's limits, the ledger's hook
 * and the prices. The caller adds what only it has (approvals, history summary, background hooks).
 */
export async function engineRunInput({
  runId,
  root,
  runTools,
  resolved,
  messages,
  signal,
  limits,
  onModelCallEnd,
}: {
  runId: string;
  root: AgentDefinition;
  runTools: RunTools;
  resolved: ResolvedAgents;
  messages: CreateRunOptions["messages"];
  signal: AbortSignal;
  limits: EffectiveLimits;
  onModelCallEnd: (info: ModelCallInfo) => Promise<void> | void;
}): Promise<CreateRunOptions> {
  return {
    runId,
    agents: [root],
    agentLookup: runTools.agents,
    tools: runTools.tools,
    notices: runTools.notices,
    endpoints: resolved.endpoints,
    messages,
    modelFactory: resolved.modelFactory,
    signal,
    limits: engineLimits(limits),
    onModelCallEnd,
    prices: await runPrices(runTools.agents.values()),
    // Read after runPrices, which notes the installation's currency with the prices it read.
    currency: currentCurrency(),
  };
}
