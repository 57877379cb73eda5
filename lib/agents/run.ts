import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { BaseMessage } from "@langchain/core/messages";
import { budgetScope } from "./budget";
import { RunClock } from "./clock";
import { addToUsage, emptyUsage } from "./cost";
import { AgentEngineError, errorCode, errorMessage, errorText, type RunError } from "./errors";
import {
  type GraphType,
  ROOT_SPAN_ID,
  type RunEvent,
  type RunEventInit,
  type RunStatus,
  type Usage,
} from "./events";
import { fileBudgetChars, type RunFile, uniqueFileNames } from "./files";
import type { AgentExecution, RunContext } from "./graph/context";
import { IdleWatch } from "./graph/idle";
import { emptySnapshot, Journal, type RunSnapshot } from "./graph/journal";
import { runMultiAgentGraph } from "./graph/multi-agent";
import { EventQueue } from "./graph/queue";
import { runAgentGraph } from "./graph/standard";
import { finalText, systemMessageFor } from "./graph/subagent";
import { summarizeIfNeeded } from "./graph/summarize";
import { transferToolDef, transferToolName } from "./graph/tool-defs";
import type { HandoffResolver } from "./graph/tools-node";
import { buildAgentInput } from "./input";
import { type Limits, resolveLimits } from "./limits";
import { jsonLogger } from "./log";
import { messageText, toBaseMessages } from "./messages";
import { buildSubagentConfigs, lookupAgent, type ToInput } from "./subagents/expand";
import type { AgentDefinition, AgentInput, CreateRunOptions, HandoffEdge, RunAgent } from "./types";

export interface RunResult {
  /** `paused`: the host suspended the run while it waited for approvals (no run_end was emitted). */
  status: RunStatus | "paused";
  error?: RunError;
  /** Final text of the root conversation. */
  text: string;
  /** Root conversation after the run (without system messages). */
  messages: BaseMessage[];
  usage: Usage;
  durationMs: number;
}

/** Graph type: `multi-agent` with more than one agent input or any edge, else `standard`. */
export function chooseGraphType(agentCount: number, edgeCount: number): GraphType {
  return agentCount > 1 || edgeCount > 0 ? "multi-agent" : "standard";
}

/** A created run: stream its events once; abort with the signal you passed or `abort()`. */
export class AgentRun {
  readonly id: string;
  readonly graphType: GraphType;
  /** Inputs of the root agents, with `subagentConfigs` expanded. */
  readonly agentInputs: AgentInput[];
  readonly limits: Limits;
  private readonly queue = new EventQueue<RunEvent>();
  private readonly controller = new AbortController();
  private promise?: Promise<RunResult>;
  private fatal: { err: unknown } | undefined;
  private readonly journal: Journal;
  private readonly clock: RunClock;
  private suspended = false;
  private idle?: IdleWatch;
  /** Set by `consume()`: events go straight to it instead of the queue. */
  private sink?: (event: RunEvent) => void;
  /** The answer's money cap (currency); see `capCost`. */
  private answerBudget?: number;

  constructor(
    private readonly opts: CreateRunOptions,
    init: {
      id: string;
      graphType: GraphType;
      agentInputs: AgentInput[];
      limits: Limits;
      messages: BaseMessage[];
      edges: HandoffEdge[];
      files?: RunFile[];
    },
  ) {
    this.id = init.id;
    this.graphType = init.graphType;
    this.agentInputs = init.agentInputs;
    this.limits = init.limits;
    this.messages = init.messages;
    this.edges = init.edges;
    this.files = init.files ?? [];
    // Every model call, graph step and parallel child listens on this one signal.
    setMaxListeners(0, this.controller.signal);
    this.journal = new Journal(
      opts.resume ? structuredClone(opts.resume) : emptySnapshot(this.id, Date.now()),
    );
    this.clock = new RunClock(opts.resume?.clock);
    this.journal.clock = this.clock;
    this.answerBudget = opts.budget?.answer;
  }

  /**
   * Lowers the answer's money cap before the run starts: the host learns at admission how much
   * of the user's period budget this answer may hold. Never raises it.
   */
  capCost(amount: number) {
    if (this.promise)
      throw new AgentEngineError("bad_request:agent", "capCost must be called before the run starts");
    this.answerBudget = this.answerBudget === undefined ? amount : Math.min(this.answerBudget, amount);
  }

  /** Whether this run continues a stored one. */
  get resumed(): boolean {
    return Boolean(this.opts.resume);
  }

  /** What the run has done so far, as JSON (store it to resume the run later). */
  snapshot(): RunSnapshot {
    return this.journal.snapshot();
  }

  /**
   * Ends the run without an end: every branch stops where it is, no run_end is emitted and the
   * result's status is `paused`. Meant for a run that waits for approvals (`onIdle`), after its
   * snapshot was stored.
   */
  suspend() {
    this.suspended = true;
    this.controller.abort(new AgentEngineError("paused:run", "The run waits for approvals"));
  }
  private readonly messages: BaseMessage[];
  private readonly edges: HandoffEdge[];
  private readonly files: RunFile[];

  /** Starts the run (once) and yields every event until `run_end`. */
  stream(): AsyncIterable<RunEvent> {
    if (this.promise) throw new AgentEngineError("bad_request:agent", "A run can be streamed only once");
    this.start();
    return this.queue;
  }

  /**
   * Starts the run (once) and hands every event to `onEvent` as it is emitted, in order, until
   * `run_end`; resolves with the result when the run has ended. The host's way to follow a run:
   * no queue and no promise per event, which a `for await` over `stream()` costs. `onEvent` runs
   * inside the engine's own call (keep it short); if it throws, the error is logged and the run
   * goes on.
   */
  consume(onEvent: (event: RunEvent) => void): Promise<RunResult> {
    if (this.promise) throw new AgentEngineError("bad_request:agent", "A run can be streamed only once");
    this.sink = onEvent;
    return this.start();
  }

  /** Alias of `stream()`. */
  events(): AsyncIterable<RunEvent> {
    return this.stream();
  }

  /** Starts the run if needed (events are then not buffered) and resolves when it ends. Never rejects. */
  result(): Promise<RunResult> {
    if (!this.promise) {
      this.queue.buffering = false;
      this.start();
    }
    return this.promise as Promise<RunResult>;
  }

  /** Stops the run and every running descendant; the stream ends with run_end `stopped`. */
  abort(reason?: unknown) {
    this.controller.abort(reason);
  }

  private start(): Promise<RunResult> {
    this.promise = this.execute();
    return this.promise;
  }

  private context(): RunContext {
    const queue = this.queue;
    const journal = this.journal;
    const approvals = this.opts.approvals;
    const idle = new IdleWatch(() => approvals?.onIdle?.(journal.snapshot()));
    this.idle = idle;
    const sink = this.sink;
    const clock = this.clock;
    const logger = this.opts.logger ?? jsonLogger;
    const runId = this.id;
    const prices = this.opts.prices
      ? new Map(this.opts.prices.map((p) => [`${p.endpointId}\u0000${p.model}`, p.price]))
      : undefined;
    return {
      runId: this.id,
      signal: this.controller.signal,
      emit: sink
        ? (event: RunEventInit) => {
            (event as RunEvent).ts = Date.now();
            (event as RunEvent).t = clock.offset();
            idle.touch();
            try {
              sink(event as RunEvent);
            } catch (err) {
              logger.error({ event: "run_event_handler_failed", runId, message: errorMessage(err) });
            }
          }
        : (event: RunEventInit) => {
            (event as RunEvent).ts = Date.now();
            (event as RunEvent).t = clock.offset();
            idle.touch();
            queue.push(event as RunEvent);
          },
      limits: this.limits,
      modelFactory: this.opts.modelFactory,
      onModelCallEnd: this.opts.onModelCallEnd,
      accountsCost: prices !== undefined,
      currency: this.opts.currency,
      priceOf: (m) =>
        prices === undefined ? undefined : (prices.get(`${m.endpointId}\u0000${m.model}`) ?? null),
      logger,
      fail: (err: unknown) => {
        this.fatal ??= { err };
        this.controller.abort(err);
      },
      usedToolCallIds: new Set(),
      nextId: () => `${this.id.slice(0, 8)}_${++journal.data.seq}`,
      models: new Map(),
      journal,
      checkpoint: async () => {
        if (!this.opts.onCheckpoint) return;
        try {
          await this.opts.onCheckpoint(journal.snapshot());
        } catch (err) {
          logger.error({ event: "run_checkpoint_failed", runId, message: errorMessage(err) });
        }
      },
      clock,
      approvals,
      background: this.opts.background,
      steering: this.opts.steering,
      idle,
      files: this.files,
    };
  }

  private rootExec(ctx: RunContext, input: AgentInput): AgentExecution {
    return {
      run: ctx,
      input,
      spanId: ROOT_SPAN_ID,
      parentSpanId: null,
      depth: 0,
      ancestry: [input.agentId],
      maxTurns: Number.POSITIVE_INFINITY,
      turns: 0,
      usage: emptyUsage(ctx.accountsCost),
      // One cap for the whole answer: the roots of a multi-agent run share one scope.
      ...(this.answerBudget !== undefined ? { budget: this.sharedAnswerBudget() } : {}),
    };
  }

  private answerScope?: ReturnType<typeof budgetScope>;
  private sharedAnswerBudget() {
    this.answerScope ??= budgetScope("answer", this.answerBudget as number, undefined, this.opts.currency);
    return this.answerScope;
  }

  private usageOf(execs: AgentExecution[]) {
    const usage = emptyUsage(this.opts.prices !== undefined);
    for (const e of execs) {
      const u = e.usage;
      addToUsage(
        usage,
        {
          inputTokens: u.inputTokens,
          outputTokens: u.outputTokens,
          cachedInputTokens: u.cachedInputTokens ?? 0,
          reasoningTokens: u.reasoningTokens ?? 0,
        },
        u.cost,
      );
    }
    return usage;
  }

  private handoffs(execs: AgentExecution[]): HandoffResolver {
    const byAgent = new Map<string, Map<string, { agentId: string; name: string }>>();
    const names = new Map(execs.map((e) => [e.input.agentId, e.input.name]));
    for (const exec of execs) {
      const tools = new Map<string, { agentId: string; name: string }>();
      const defs: unknown[] = [];
      for (const edge of this.edges) {
        if (edge.from !== exec.input.agentId || !names.has(edge.to) || edge.to === edge.from) continue;
        const target = { agentId: edge.to, name: names.get(edge.to) as string };
        tools.set(transferToolName(edge.to), target);
        defs.push(transferToolDef(target, edge.description));
      }
      byAgent.set(exec.input.agentId, tools);
      if (defs.length) exec.extraTools = defs;
    }
    return (exec, toolName) => byAgent.get(exec.input.agentId)?.get(toolName);
  }

  private async execute(): Promise<RunResult> {
    const started = this.journal.data.startedAt;
    const ctx = this.context();
    const root = this.agentInputs[0];
    const rootBase = { spanId: ROOT_SPAN_ID, parentSpanId: null, depth: 0, agentId: root.agentId };
    const signal = this.opts.signal;
    const onAbort = () => this.controller.abort(signal?.reason);
    if (signal?.aborted) this.controller.abort(signal.reason);
    else signal?.addEventListener("abort", onAbort, { once: true });

    // A resumed run's start and notices were streamed before its pause.
    if (!this.resumed) {
      ctx.emit({
        type: "run_start",
        ...rootBase,
        runId: this.id,
        graphType: this.graphType,
        rootAgentIds: this.agentInputs.map((i) => i.agentId),
      });
      for (const message of this.opts.notices ?? []) ctx.emit({ type: "notice", ...rootBase, message });
    }
    const execs = this.agentInputs.map((input) => this.rootExec(ctx, input));
    let status: RunStatus = "completed";
    let error: RunError | undefined;
    let messages = this.messages;
    try {
      ctx.signal.throwIfAborted();
      // System messages of the history join the instructions; the rest is the conversation.
      const history = messages.filter((m) => m.getType() !== "system");
      const extra = messages
        .filter((m) => m.getType() === "system")
        .map(messageText)
        .join("\n");
      const { messages: kept, summary } = await summarizeIfNeeded(execs[0], history);
      for (const exec of execs) {
        const instructions = extra
          ? `${exec.input.instructions}\n\n${extra}`.trim()
          : exec.input.instructions;
        exec.system = systemMessageFor(instructions, summary ?? exec.input.initialSummary);
      }
      if (this.graphType === "standard") {
        messages = await runAgentGraph(execs[0], kept);
      } else {
        const resolver = this.handoffs(execs);
        messages = await runMultiAgentGraph(execs, kept, this.edges.length === 0, resolver);
      }
    } catch (err) {
      if (this.suspended) {
        signal?.removeEventListener("abort", onAbort);
        this.idle?.stop();
        this.queue.close();
        return { status: "paused", text: "", messages, usage: this.usageOf(execs), durationMs: 0 };
      }
      if (this.fatal) {
        status = "failed";
        error = runError(this.fatal.err);
      } else if (ctx.signal.aborted) {
        status = "stopped";
        error = { code: "stopped:run", message: "The run was stopped" };
      } else {
        status = "failed";
        error = runError(err);
        ctx.logger.error({ event: "run_failed", runId: this.id, code: error.code, message: error.message });
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      this.idle?.stop();
    }
    const usage = this.usageOf(execs);
    const durationMs = Date.now() - started;
    ctx.emit(
      error
        ? { type: "run_end", ...rootBase, status, error, usage, durationMs }
        : { type: "run_end", ...rootBase, status, usage, durationMs },
    );
    this.queue.close();
    return {
      status,
      error,
      text: status === "completed" ? finalText(messages) : "",
      messages,
      usage,
      durationMs,
    };
  }
}

/** A failed run's error: code, message for logs, and the catalog message when the error has one. */
function runError(err: unknown): RunError {
  const text = errorText(err);
  const error = { code: errorCode(err) ?? "failed:run", message: errorMessage(err) };
  return text ? { ...error, text } : error;
}

function collectEdges(agents: RunAgent[]): HandoffEdge[] {
  const seen = new Set<string>();
  const out: HandoffEdge[] = [];
  for (const a of agents) {
    for (const e of a.edges ?? []) {
      const key = `${e.from}\u0000${e.to}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(e);
      }
    }
  }
  return out;
}

/**
 * The single entry point of every agent execution (product.md §2): builds each agent's inputs,
 * picks the graph type, expands subagents (throwing typed limit errors before anything runs)
 * and returns a run to stream.
 */
export async function createRun(opts: CreateRunOptions): Promise<AgentRun> {
  if (!opts.agents?.length)
    throw new AgentEngineError("bad_request:agent", "createRun needs at least one agent");
  if (typeof opts.modelFactory !== "function")
    throw new AgentEngineError("bad_request:agent", "createRun needs a modelFactory");
  const limits = resolveLimits(opts.limits);
  const { messages: conversation, files } = uniqueFileNames(opts.messages ?? []);

  // Agents reached only through handoff edges join the run's agents.
  const agents: RunAgent[] = [...opts.agents];
  const edges = collectEdges(agents);
  for (const e of edges) {
    for (const id of [e.from, e.to]) {
      if (agents.some((a) => a.id === id)) continue;
      const found: AgentDefinition | undefined = lookupAgent(opts.agentLookup, id);
      if (!found)
        throw new AgentEngineError("not_found:agent", `Handoff edge references unknown agent "${id}"`);
      agents.push(found);
      for (const extra of collectEdges([found]))
        if (!edges.some((x) => x.from === extra.from && x.to === extra.to)) edges.push(extra);
    }
  }

  const tools = new Map((opts.tools ?? []).map((t) => [t.name, t]));
  const toInput: ToInput = (agent, { isSubagent }) =>
    buildAgentInput(agent, {
      tools,
      isSubagent,
      toolSearchThreshold: limits.toolSearchThreshold,
      initialSummary: isSubagent ? undefined : opts.initialSummary,
      endpoints: opts.endpoints,
      summarizationConfig: opts.summarizationConfig,
    });
  const state = {
    configCount: 0,
    rootAgentIds: agents.map((a) => a.id),
    limits,
    lookup: opts.agentLookup,
    logger: opts.logger,
  };
  const agentInputs = agents.map((agent) => {
    const input = toInput(agent, { isSubagent: false });
    buildSubagentConfigs(agent, input, toInput, state);
    return input;
  });
  // Attached files' text is fitted to the first root agent's context budget.
  const messages = toBaseMessages(conversation, fileBudgetChars(agentInputs[0].effectiveMaxContextTokens));
  return new AgentRun(opts, {
    id: opts.resume?.runId ?? opts.runId ?? randomUUID(),
    graphType: chooseGraphType(agentInputs.length, edges.length),
    agentInputs,
    limits,
    messages,
    edges,
    files,
  });
}
