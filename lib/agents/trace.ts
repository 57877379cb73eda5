import type { ExpiredBy, ToolApproval } from "./approval";
import { addCost } from "./cost";
import type { RunError } from "./errors";
import {
  type GraphType,
  ROOT_SPAN_ID,
  type RunEvent,
  type RunNotice,
  type RunStatus,
  type Usage,
  type UsageEvent,
} from "./events";
import { applyTimeline, indexTimeline, type TimelineIndex, type TimelineSpan } from "./timeline";
import type { TodoItem } from "./tools/write-todos";

export type NodeStatus = "running" | "completed" | "failed" | "stopped";

/**
 * Why a block left running by its run's end stopped there, as a code the chat words in the user's
 * language: the balance ran out, the run failed elsewhere, or its process died. None for a Stop.
 */
/** Why a block or an answer stopped: `budget` a subagent entry's budget, `answer_budget` the answer's cap. */
export type StopReason = "balance" | "failed" | "interrupted" | "budget" | "answer_budget";

export interface TextNode {
  type: "text";
  agentId: string;
  text: string;
}
export interface ReasoningNode {
  type: "reasoning";
  agentId: string;
  text: string;
}
export interface ToolCallNode {
  type: "tool_call";
  id: string;
  name: string;
  args: Record<string, unknown>;
  status: NodeStatus;
  result?: string;
  /** Where in `result` the tool's structured content (JSON) begins: shown apart, collapsed. */
  structuredAt?: number;
  error?: string;
  /** Where the tool ran (an MCP server's name); absent for built-in tools. */
  source?: string;
  /** From the call's start to its result. */
  durationMs?: number;
  /** Set when the tool asks before running: pending, then the person's decision. */
  approval?: ToolApproval;
}
export interface SubagentNode {
  type: "subagent";
  /** The dispatch tool call id (= the subagent's span id). */
  id: string;
  subagentType: string;
  agentId: string;
  agentName: string;
  task: string;
  mode: "isolated" | "fork";
  depth: number;
  ancestry: string[];
  /** Names of the attached files the child received (isolated: those passed; fork: all it could see). */
  files?: string[];
  status: NodeStatus;
  content: TraceNode[];
  /** Final text handed to the parent. */
  text?: string;
  error?: string;
  /** Tokens (and cost) of the child and its descendants. */
  usage: Usage;
  /** Cost of the child's own model calls (absent when the run did not account cost; null = unknown). */
  ownCost?: number | null;
  durationMs?: number;
  /** The model the child ran on (as its agent is configured). */
  model?: string;
  /** When the child started running (ms since the epoch); kept so a stored tree can close it. */
  startedAt?: number;
  /** Why a block left unfinished by its run stopped there; absent for a Stop. */
  stopReason?: StopReason;
  /** The child's checklist as its latest `write_todos` call left it. */
  todos?: TodoItem[];
}
export interface HandoffNode {
  type: "handoff";
  fromAgentId: string;
  toAgentId: string;
}
/** A message the user sent while the answer ran, where the root agent received it. */
export interface SteerNode {
  type: "steer";
  agentId: string;
  text: string;
}
export type TraceNode = TextNode | ReasoningNode | ToolCallNode | SubagentNode | HandoffNode | SteerNode;

export interface MessageTree {
  runId?: string;
  graphType?: GraphType;
  rootAgentIds: string[];
  status: NodeStatus;
  error?: RunError;
  content: TraceNode[];
  /** Tokens of the whole tree. */
  usage: Usage;
  durationMs?: number;
  /** Summary produced during the run, if any. */
  summary?: string;
  /** Notices for the user (e.g. a tool that is no longer available), in order. */
  notices?: RunNotice[];
  /** The run's timeline (see timeline.ts); absent for runs whose events carry no offsets. */
  timeline?: TimelineSpan[];
  /** The root agent's checklist as its latest `write_todos` call left it. */
  todos?: TodoItem[];
}

interface Span {
  content: TraceNode[];
  parent: string | null;
  node?: SubagentNode;
}

function appendText(content: TraceNode[], type: "text" | "reasoning", agentId: string, text: string) {
  const last = content[content.length - 1];
  if (last && last.type === type && last.agentId === agentId) last.text += text;
  else content.push({ type, agentId, text });
}

/**
 * Closes the blocks a run left running when it ended: they did not fail themselves, they were
 * stopped (by the user, an empty balance, a failure elsewhere or a dead process), with `reason`
 * and, where their start is known, how long they ran. Calls still waiting for a person expire:
 * `undecided` is the run's own error message when it gave one, else a code the chat words.
 */
function markUnfinished(
  content: TraceNode[],
  endedAt: number | undefined,
  startedAt: Map<string, number>,
  reason: StopReason | undefined,
  undecided: { reason: string } | { expiredBy: ExpiredBy },
) {
  for (const node of content) {
    if ((node.type === "tool_call" || node.type === "subagent") && node.status === "running") {
      node.status = "stopped";
      const started = node.type === "subagent" ? node.startedAt : startedAt.get(node.id);
      if (node.durationMs === undefined && endedAt !== undefined && started !== undefined)
        node.durationMs = Math.max(0, endedAt - started);
      if (node.type === "subagent" && reason) node.stopReason = reason;
    }
    if (node.type === "tool_call" && node.approval?.status === "pending")
      node.approval = { id: node.approval.id, status: "expired", ...undecided };
    if (node.type === "subagent") markUnfinished(node.content, endedAt, startedAt, reason, undecided);
  }
}

/** Why blocks still running at the end of a run stopped; none for a Stop. */
function unfinishedReason(status: RunStatus, errorCode: string | undefined): StopReason | undefined {
  if (status === "stopped") return undefined;
  if (errorCode === "limit:balance") return "balance";
  if (errorCode === "limit:answer_budget") return "answer_budget";
  return "failed";
}

/**
 * The status an answer is shown with. A run the balance ended did not fail: it was stopped, for
 * the same reason its unfinished blocks show ("stopped: balance ran out"), so there is one status.
 */
export function shownStatus(tree: Pick<MessageTree, "status" | "error">): {
  status: NodeStatus;
  reason?: StopReason;
} {
  if (
    tree.status === "failed" &&
    (tree.error?.code === "limit:balance" || tree.error?.code === "limit:answer_budget")
  )
    return { status: "stopped", reason: unfinishedReason("failed", tree.error.code) };
  return { status: tree.status };
}

/**
 * Whether a call in `content`, at any depth, waits for a person (an approval or an `ask_user`
 * question): a block holding one is opened and says so, since nothing goes on until they act.
 */
export function waitsForPerson(content: TraceNode[]): boolean {
  return content.some((n) =>
    n.type === "tool_call"
      ? n.approval?.status === "pending"
      : n.type === "subagent" && waitsForPerson(n.content),
  );
}

/**
 * A stored tree whose run is known to have ended without saying so (its process died): its
 * running blocks are shown stopped, "interrupted", like the answer. Returns a new tree.
 */
export function closeInterrupted(tree: MessageTree): MessageTree {
  const copy = structuredClone(tree);
  copy.status = "failed";
  markUnfinished(copy.content, undefined, new Map(), "interrupted", { expiredBy: "interrupted" });
  return copy;
}

function subagentNode(
  fields: Partial<SubagentNode> & Pick<SubagentNode, "id" | "subagentType" | "task" | "depth">,
): SubagentNode {
  return {
    type: "subagent",
    agentId: "",
    agentName: "",
    mode: "isolated",
    ancestry: [],
    ...fields,
    status: "running",
    content: [],
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}

/** Adds a usage event to a running total; an unknown cost makes the total unknown. */
function addEventUsage(u: Usage, ev: UsageEvent) {
  u.inputTokens += ev.inputTokens;
  u.outputTokens += ev.outputTokens;
  if (ev.cachedInputTokens) u.cachedInputTokens = (u.cachedInputTokens ?? 0) + ev.cachedInputTokens;
  if (ev.reasoningTokens) u.reasoningTokens = (u.reasoningTokens ?? 0) + ev.reasoningTokens;
  // undefined = nothing priced yet; null = unknown, which stays unknown.
  if (ev.cost !== undefined) u.cost = u.cost === undefined ? ev.cost : addCost(u.cost, ev.cost);
}

/** An empty tree of a run that has not sent anything yet. */
export function emptyTree(): MessageTree {
  return { rootAgentIds: [], status: "running", content: [], usage: { inputTokens: 0, outputTokens: 0 } };
}

/** Where each span's content lives and which node each tool call id is, for one tree. */
interface TreeIndex {
  spans: Map<string, Span>;
  toolCalls: Map<string, ToolCallNode | SubagentNode>;
  /** Start time of each tool call applied to this tree object (for its duration). */
  startedAt: Map<string, number>;
  timeline: TimelineIndex;
}

const indexes = new WeakMap<MessageTree, TreeIndex>();

function indexContent(index: TreeIndex, content: TraceNode[], spanId: string) {
  for (const node of content) {
    if (node.type === "tool_call") index.toolCalls.set(node.id, node);
    if (node.type === "subagent") {
      index.toolCalls.set(node.id, node);
      index.spans.set(node.id, { content: node.content, parent: spanId, node });
      indexContent(index, node.content, node.id);
    }
  }
}

/**
 * The span index of a tree: built once per tree object (walking it, so a tree parsed from JSON can
 * be continued too) and kept up to date by `applyEvent` from then on.
 */
function indexOf(tree: MessageTree): TreeIndex {
  let index = indexes.get(tree);
  if (!index) {
    index = {
      spans: new Map([[ROOT_SPAN_ID, { content: tree.content, parent: null }]]),
      toolCalls: new Map(),
      startedAt: new Map(),
      timeline: indexTimeline(tree.timeline),
    };
    indexContent(index, tree.content, ROOT_SPAN_ID);
    indexes.set(tree, index);
  }
  return index;
}

/**
 * Applies one event to a tree, in place, in time independent of how many events came before (the
 * live chat applies each event once per arrival). This is the only rule for turning events into
 * the tree: `reduceEvents` is a fold of it, so the browser's live tree equals the stored one.
 * Events of unknown spans are attached to the root so nothing is silently dropped.
 */
export function applyEvent(tree: MessageTree, ev: RunEvent): MessageTree {
  const { spans, toolCalls, startedAt, timeline } = indexOf(tree);
  if (ev.t !== undefined) {
    tree.timeline ??= [];
    applyTimeline(tree.timeline, timeline, ev);
  }
  const spanOf = (id: string) => spans.get(id) ?? (spans.get(ROOT_SPAN_ID) as Span);
  switch (ev.type) {
    case "run_start":
      tree.runId = ev.runId;
      tree.graphType = ev.graphType;
      tree.rootAgentIds = [...ev.rootAgentIds];
      break;
    case "text_delta":
    case "reasoning_delta":
      appendText(
        spanOf(ev.spanId).content,
        ev.type === "text_delta" ? "text" : "reasoning",
        ev.agentId,
        ev.text,
      );
      break;
    case "tool_call_start": {
      const content = spanOf(ev.spanId).content;
      // A delegation started in the background is a plain call here (its result is the task's
      // handle); the task's own trace is the follow-up message's.
      if (ev.name === "subagent" && ev.args.run_in_background !== true) {
        // The block appears as soon as the parent calls the tool; subagent_start fills in the rest.
        const node = subagentNode({
          id: ev.id,
          subagentType: String(ev.args.subagent_type ?? ""),
          task: String(ev.args.description ?? ""),
          depth: ev.depth + 1,
        });
        content.push(node);
        toolCalls.set(ev.id, node);
        spans.set(ev.id, { content: node.content, parent: ev.spanId, node });
        node.startedAt = ev.ts;
      } else {
        const node: ToolCallNode = {
          type: "tool_call",
          id: ev.id,
          name: ev.name,
          args: ev.args,
          status: "running",
        };
        if (ev.source) node.source = ev.source;
        startedAt.set(ev.id, ev.ts);
        content.push(node);
        toolCalls.set(ev.id, node);
      }
      break;
    }
    case "tool_call_end": {
      const node = toolCalls.get(ev.id);
      if (node?.type === "tool_call") {
        node.result = ev.result;
        if (ev.structuredAt !== undefined) node.structuredAt = ev.structuredAt;
        node.status = ev.error ? "failed" : "completed";
        if (ev.error) node.error = ev.error;
        const started = startedAt.get(ev.id);
        if (started !== undefined && Number.isFinite(ev.ts - started)) node.durationMs = ev.ts - started;
      }
      break;
    }
    case "tool_approval": {
      const node = toolCalls.get(ev.id);
      if (node?.type === "tool_call") node.approval = { ...ev.approval };
      // The call runs from its approval on: its duration is the tool's, not the wait for a person
      // (also when the tree was stored while it waited and is continued after a resume).
      if (ev.approval.status === "approved" || ev.approval.status === "edited") startedAt.set(ev.id, ev.ts);
      break;
    }
    case "todos": {
      // Each call replaces the list; it lives on the agent's own block (the answer for the root).
      const todos = ev.todos.map((t) => ({ ...t }));
      const node = spans.get(ev.spanId)?.node;
      if (node) node.todos = todos;
      else tree.todos = todos;
      break;
    }
    case "subagent_start": {
      let span = spans.get(ev.spanId);
      if (!span?.node) {
        const { subagentType, agentId, agentName, task, mode, depth, ancestry } = ev;
        const node = subagentNode({
          id: ev.spanId,
          subagentType,
          agentId,
          agentName,
          task,
          mode,
          depth,
          ancestry,
        });
        spanOf(ev.parentSpanId ?? ROOT_SPAN_ID).content.push(node);
        span = { content: node.content, parent: ev.parentSpanId, node };
        spans.set(ev.spanId, span);
      }
      const node = span.node as SubagentNode;
      // It runs from here (before, it may have waited for a free slot).
      node.startedAt = ev.ts;
      if (ev.model) node.model = ev.model;
      Object.assign(node, {
        subagentType: ev.subagentType,
        agentId: ev.agentId,
        agentName: ev.agentName,
        task: ev.task,
        mode: ev.mode,
        depth: ev.depth,
        ancestry: [...ev.ancestry],
      });
      if (ev.files?.length) node.files = [...ev.files];
      break;
    }
    case "subagent_stop": {
      const node = spans.get(ev.spanId)?.node;
      if (node) {
        node.status = "completed";
        node.text = ev.text;
        node.durationMs = ev.durationMs;
      }
      break;
    }
    case "subagent_error": {
      const node = spans.get(ev.spanId)?.node;
      if (node) {
        // A child stopped at its entry budget did not fail: it was stopped, and its parent went on.
        if (ev.code === "limit:subagent_budget") {
          node.status = "stopped";
          node.stopReason = "budget";
        } else node.status = "failed";
        node.error = ev.message;
        node.durationMs = ev.durationMs;
      }
      break;
    }
    case "usage": {
      addEventUsage(tree.usage, ev);
      let span: Span | undefined = spans.get(ev.spanId);
      const own = span?.node;
      if (own && ev.cost !== undefined)
        own.ownCost = own.ownCost === undefined ? ev.cost : addCost(own.ownCost, ev.cost);
      while (span?.node) {
        addEventUsage(span.node.usage, ev);
        span = span.parent ? spans.get(span.parent) : undefined;
      }
      break;
    }
    case "handoff":
      spanOf(ev.spanId).content.push({
        type: "handoff",
        fromAgentId: ev.fromAgentId,
        toAgentId: ev.toAgentId,
      });
      break;
    case "steer":
      spanOf(ev.spanId).content.push({ type: "steer", agentId: ev.agentId, text: ev.text });
      break;
    case "summary":
      tree.summary = ev.text;
      break;
    case "notice":
      tree.notices = [...(tree.notices ?? []), ev.message];
      break;
    case "run_end":
      tree.status = ev.status;
      tree.durationMs = ev.durationMs;
      if (ev.error) tree.error = { ...ev.error };
      if (ev.status !== "completed")
        markUnfinished(
          tree.content,
          ev.ts,
          startedAt,
          unfinishedReason(ev.status, ev.error?.code),
          ev.error?.message ? { reason: ev.error.message } : { expiredBy: "ended" },
        );
      break;
  }
  return tree;
}

/**
 * Pure reducer from a run's events (live or stored) to the nested message tree the chat shows:
 * text, reasoning, tool calls and subagent blocks with their own nested content. A fold of
 * `applyEvent` over a fresh tree.
 */
export function reduceEvents(events: Iterable<RunEvent>): MessageTree {
  const tree = emptyTree();
  for (const ev of events) applyEvent(tree, ev);
  return tree;
}

/** Text of the root span (what the assistant message shows as its answer). */
export function rootText(tree: MessageTree): string {
  let out = "";
  for (const n of tree.content) if (n.type === "text") out += n.text;
  return out;
}
