import type { BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, Command, END, START, StateGraph } from "@langchain/langgraph";
import type { AgentExecution } from "./context";
import { callModel } from "./model-node";
import { hasToolCalls, mapGraphError, runAgentGraph } from "./standard";
import { type HandoffResolver, runTools } from "./tools-node";

/** State of a multi-agent conversation. */
export const MultiAgentState = Annotation.Root({
  /** Shared conversation of every agent; system messages are added per model call. */
  messages: Annotation<BaseMessage[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  /** Index of the agent holding the conversation (changes on a handoff). */
  active: Annotation<number>({ reducer: (_, b) => b, default: () => 0 }),
});

interface MultiConfig {
  execs: AgentExecution[];
  resolveHandoff: HandoffResolver;
  indexOf: Map<string, number>;
}

const cfgOf = (config: RunnableConfig) => config.configurable?.multi as MultiConfig;

type State = typeof MultiAgentState.State;

interface CompiledMultiAgentGraph {
  invoke(input: { messages: BaseMessage[] }, config: RunnableConfig): Promise<{ messages: BaseMessage[] }>;
}

/**
 * One node per agent plus a shared tools node, routed like the single agent loop (standard.ts):
 * each node returns a `Command` whose `goto` names the next node, so no conditional edge (and its
 * branch writer per step) is needed. An agent turn with tool calls goes to `tools`; without, to the
 * next agent of a chain, or to END. The tools round goes back to the agent that holds the
 * conversation — another one after a `transfer_to_<agent>` call (handoff edges).
 */
function compileMultiAgentGraph(count: number, chain: boolean) {
  // biome-ignore lint/suspicious/noExplicitAny: node names are generated, so the builder's literal types can't follow.
  const g: any = new StateGraph(MultiAgentState);
  const names = Array.from({ length: count }, (_, i) => `agent_${i}`);
  names.forEach((name, i) => {
    const next = chain && i < count - 1 ? names[i + 1] : END;
    g.addNode(
      name,
      async (state: State, config: RunnableConfig) => {
        const reply = await callModel(cfgOf(config).execs[i], state.messages);
        return new Command({
          update: { messages: [reply], active: i },
          goto: hasToolCalls([reply]) ? "tools" : next,
        });
      },
      { ends: ["tools", next] },
    );
  });
  g.addNode(
    "tools",
    async (state: State, config: RunnableConfig) => {
      const cfg = cfgOf(config);
      const r = await runTools(cfg.execs[state.active], state.messages, runAgentGraph, cfg.resolveHandoff);
      const active =
        r.handoffTo !== undefined ? (cfg.indexOf.get(r.handoffTo) ?? state.active) : state.active;
      return new Command({ update: { messages: r.messages, active }, goto: names[active] });
    },
    { ends: names },
  );
  g.addEdge(START, names[0]);
  return g.compile() as CompiledMultiAgentGraph;
}

const cache = new Map<string, ReturnType<typeof compileMultiAgentGraph>>();

/** Compiled once per configuration (agent count, chain or handoff routing). */
export function multiAgentGraph(count: number, chain: boolean) {
  const key = `${count}:${chain}`;
  let graph = cache.get(key);
  if (!graph) {
    graph = compileMultiAgentGraph(count, chain);
    cache.set(key, graph);
  }
  return graph;
}

export async function runMultiAgentGraph(
  execs: AgentExecution[],
  messages: BaseMessage[],
  chain: boolean,
  resolveHandoff: HandoffResolver,
): Promise<BaseMessage[]> {
  const indexOf = new Map(execs.map((e, i) => [e.input.agentId, i]));
  try {
    const out = await multiAgentGraph(execs.length, chain).invoke(
      { messages },
      {
        configurable: { multi: { execs, resolveHandoff, indexOf } satisfies MultiConfig },
        recursionLimit: execs[0].run.limits.recursionLimit,
      },
    );
    return out.messages;
  } catch (err) {
    throw mapGraphError(err, execs[0]);
  }
}
