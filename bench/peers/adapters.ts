/**
 * Peer engines for bench/engine.ts, on the same workloads and the same script as our engine
 * (see scripted.ts). Installed only here: `npm --prefix bench/peers install`.
 *
 * - deepagents: `createDeepAgent` with one subagent ("worker"), delegated to through its `task`
 *   tool; the agent is created per run (as a chat request does from a stored agent) and
 *   streamed with `streamMode: "messages"` and `subgraphs: true`, so children's deltas reach
 *   the consumer as ours do.
 * - @librechat/agents: `Run.create` with `agentInputs.subagentConfigs` (a self-spawn entry, as
 *   our `self`), the scripted model registered as the OpenAI provider class, consumed with
 *   `processStream` and a chat-model-stream handler. Version 3.2.21 is the newest one that
 *   declares Node 20 support (3.2.32+ need Node ≥ 24) and predates `registerProvider`, so the
 *   model class is registered in its provider map (`llmProviders`), which is what
 *   `registerProvider` does in later versions.
 *
 * - @openai/agents: agents as tools, on the SDK's public `Model` interface (openai-agents.ts).
 *
 * A peer that cannot be loaded or run is reported as skipped with the reason; nothing is estimated.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchScript, type CoreModules, scriptedModelClass } from "./scripted";

export interface EngineAdapter {
  name: string;
  w1(): Promise<void>;
  fanout(childDelayMs: number, fanout: number): Promise<void>;
  /** Model calls so far of the (fanout, delay) script: parent turns and child turns. */
  calls(fanout: number, childDelayMs: number): { parent: number; child: number };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const nm = path.join(here, "node_modules");
const MESSAGES = () => [{ role: "user", content: "Please help with this." }];

async function importFile<T>(file: string): Promise<T> {
  if (!existsSync(file)) throw new Error(`missing ${path.relative(here, file)}`);
  return (await import(pathToFileURL(file).href)) as T;
}

/** @langchain/core ESM entry points under a given package directory. */
async function coreAt(dir: string): Promise<CoreModules> {
  const [chatModels, messages, outputs] = await Promise.all([
    importFile<CoreModules["chatModels"]>(path.join(dir, "dist/language_models/chat_models.js")),
    importFile<CoreModules["messages"]>(path.join(dir, "dist/messages/index.js")),
    importFile<CoreModules["outputs"]>(path.join(dir, "dist/outputs.js")),
  ]);
  return { chatModels, messages, outputs };
}

async function deepagentsAdapter(): Promise<EngineAdapter> {
  const { createDeepAgent } = (await import("deepagents")) as {
    // biome-ignore lint/suspicious/noExplicitAny: peer API, checked at run time
    createDeepAgent: (params: Record<string, unknown>) => any;
  };
  const Model = scriptedModelClass(await coreAt(path.join(nm, "@langchain/core")));
  const models = new Map<string, unknown>();
  const scripts = new Map<string, ReturnType<typeof benchScript>>();
  const model = (fanout: number, childDelayMs: number) => {
    const key = `${fanout}/${childDelayMs}`;
    let m = models.get(key);
    if (!m) {
      const script = benchScript({ fanout, childDelayMs, toolName: "task", subagentType: "worker" });
      scripts.set(key, script);
      m = new Model({ script });
      models.set(key, m);
    }
    return m;
  };
  const run = async (fanout: number, childDelayMs: number) => {
    const m = model(fanout, childDelayMs);
    const agent = createDeepAgent({
      model: m,
      systemPrompt: "You are agent a.",
      subagents: [
        {
          name: "worker",
          description: "Agent a does a things",
          systemPrompt: "You are agent a.",
          model: m,
        },
      ],
    });
    const stream = await agent.stream(
      { messages: MESSAGES() },
      { streamMode: "messages", subgraphs: true, recursionLimit: 50 },
    );
    for await (const _ of stream);
  };
  return {
    name: "deepagents",
    w1: () => run(0, 0),
    fanout: (d, n) => run(n, d),
    calls: (n, d) => ({ ...(scripts.get(`${n}/${d}`)?.calls ?? { parent: 0, child: 0 }) }),
  };
}

async function librechatAdapter(): Promise<EngineAdapter> {
  const pkg = path.join(nm, "@librechat/agents");
  // biome-ignore lint/suspicious/noExplicitAny: peer API, checked at run time
  const lc = (await import("@librechat/agents")) as any;
  const { llmProviders } = await importFile<{ llmProviders: Record<string, unknown> }>(
    path.join(pkg, "dist/esm/llm/providers.mjs"),
  );
  // Its own @langchain/core copy when npm nested one, else the shared one.
  const coreDir = existsSync(path.join(pkg, "node_modules/@langchain/core/package.json"))
    ? path.join(pkg, "node_modules/@langchain/core")
    : path.join(nm, "@langchain/core");
  const Model = scriptedModelClass(await coreAt(coreDir));
  llmProviders[lc.Providers.OPENAI] = Model;

  const scripts = new Map<string, ReturnType<typeof benchScript>>();
  const script = (fanout: number, childDelayMs: number) => {
    const key = `${fanout}/${childDelayMs}`;
    let s = scripts.get(key);
    if (!s) {
      s = benchScript({ fanout, childDelayMs, toolName: lc.Constants.SUBAGENT, subagentType: "self" });
      scripts.set(key, s);
    }
    return s;
  };
  let seq = 0;
  const run = async (fanout: number, childDelayMs: number) => {
    const agentInputs: Record<string, unknown> = {
      agentId: "a",
      provider: lc.Providers.OPENAI,
      clientOptions: { model: "gpt-test", benchScript: script(fanout, childDelayMs) },
      instructions: "You are agent a.",
      maxContextTokens: 8000,
    };
    if (fanout > 0)
      agentInputs.subagentConfigs = [
        { type: "self", name: "Agent A", description: "Agent a does a things", self: true },
      ];
    let deltas = 0;
    const r = await lc.Run.create({
      runId: `bench-${++seq}`,
      graphConfig: { type: "standard", agents: [agentInputs] },
      returnContent: true,
      customHandlers: {
        [lc.GraphEvents.CHAT_MODEL_STREAM]: {
          handle: () => {
            deltas++;
          },
        },
      },
    });
    const { HumanMessage } = await coreMessages;
    await r.processStream(
      { messages: [new HumanMessage("Please help with this.")] },
      {
        configurable: { thread_id: `bench-${seq}` },
        streamMode: "values",
        version: "v2",
        recursionLimit: 50,
      },
    );
    if (deltas === 0) throw new Error("no stream events reached the handler");
  };
  const coreMessages = importFile<{ HumanMessage: new (s: string) => unknown }>(
    path.join(coreDir, "dist/messages/index.js"),
  );
  return {
    name: "librechat",
    w1: () => run(0, 0),
    fanout: (d, n) => run(n, d),
    calls: (n, d) => ({ ...(scripts.get(`${n}/${d}`)?.calls ?? { parent: 0, child: 0 }) }),
  };
}

/** Loads every peer that works here; the others come back in `skipped` with the reason. */
export async function loadPeerAdapters(
  only?: string,
): Promise<{ adapters: EngineAdapter[]; skipped: string[] }> {
  const adapters: EngineAdapter[] = [];
  const skipped: string[] = [];
  const candidates: [string, string, () => Promise<EngineAdapter>][] = [
    ["librechat", "librechat (@librechat/agents 3.2.21)", librechatAdapter],
    ["deepagents", "deepagents", deepagentsAdapter],
    // Loaded only when tried: a missing @openai/agents skips this peer, not the others.
    [
      "openai-agents",
      "openai-agents (@openai/agents, agents as tools)",
      async () => (await import("./openai-agents")).openaiAgentsAdapter(),
    ],
  ];
  for (const [name, label, load] of candidates) {
    if (only && name !== only) continue;
    try {
      const a = await load();
      // Smoke-run both shapes once so a peer that cannot run offline is skipped, not half-measured.
      await a.w1();
      await a.fanout(0, 4);
      const c = a.calls(4, 0);
      // One delegating turn, four children, one final turn: anything else is not the same workload.
      if (c.parent !== 2 || c.child !== 4)
        throw new Error(
          `W3 smoke run made ${c.parent} parent and ${c.child} child model calls, expected 2 and 4`,
        );
      adapters.push(a);
    } catch (err) {
      skipped.push(`${label}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { adapters, skipped };
}
