/**
 * What a run has done so far, as plain JSON: each model turn's reply, each tool call's result, the
 * start of each subagent span and the calls waiting for a person. A run created with
 * `resume: snapshot` replays it: recorded turns and results are returned without calling the model
 * or the tool again and without events (the host already has them), so the run continues exactly
 * where it stopped — at any depth, with parallel branches — and only new work is done and streamed.
 */
import { AIMessage } from "@langchain/core/messages";
import type { ApprovalRequest } from "../approval";
import type { ClockMark, RunClock } from "../clock";
import type { CallTokens } from "../cost";

export interface StoredTurn {
  id?: string;
  content: AIMessage["content"];
  toolCalls: { id: string; name: string; args: Record<string, unknown> }[];
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  reasoningTokens?: number;
  /** The turn's cost when the run accounted cost (null = unknown). */
  cost?: number | null;
}

export interface StoredSummary {
  text: string;
  cut: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  reasoningTokens?: number;
  cost?: number | null;
}

/** A run's progress, serializable (the host stores it while the run waits for approvals). */
export interface RunSnapshot {
  version: 1;
  runId: string;
  /** When the run first started (ms since the epoch): durations span the pauses. */
  startedAt: number;
  /** Model turns by `turnKey`. */
  turns: Record<string, StoredTurn>;
  summary?: StoredSummary;
  /** Tool call results by tool call id. */
  results: Record<string, { text: string; error?: string }>;
  /** Start time of each subagent span (by span id). */
  spans: Record<string, number>;
  /** Calls waiting for a decision, by tool call id. */
  pending: Record<string, ApprovalRequest>;
  /** Steering messages given to the root before a model turn, by `turnKey` (see steer.ts). */
  steered?: Record<string, string[]>;
  /** Deferred tools each execution found with `search_tools`, by `${spanId}#${agentId}` (see tool-search.ts). */
  discovered?: Record<string, string[]>;
  /** Counter of generated ids. */
  seq: number;
  /** The run's time axis at the snapshot, so a resumed run's event offsets (`t`) continue it. */
  clock?: ClockMark;
}

export function emptySnapshot(runId: string, startedAt: number): RunSnapshot {
  return { version: 1, runId, startedAt, turns: {}, results: {}, spans: {}, pending: {}, seq: 0 };
}

/** Key of an execution's n-th model turn (root agents of a multi-agent run share the root span). */
export function turnKey(spanId: string, agentId: string, turn: number): string {
  return `${spanId}#${agentId}#${turn}`;
}

export class Journal {
  /** Tool call ids of turns that were replayed: their `tool_call_start` was already streamed. */
  readonly replayedCalls = new Set<string>();

  /** The run's clock; a snapshot records where its axis was. */
  clock?: RunClock;

  constructor(readonly data: RunSnapshot) {}

  /** A recorded turn as an AI message (its tool call ids marked as already streamed), or undefined. */
  replayTurn(key: string): { message: AIMessage; tokens: CallTokens; cost?: number | null } | undefined {
    const t = this.data.turns[key];
    if (!t) return undefined;
    for (const c of t.toolCalls) this.replayedCalls.add(c.id);
    const message = new AIMessage({
      ...(t.id ? { id: t.id } : {}),
      content: t.content,
      tool_calls: t.toolCalls.map((c) => ({ ...c, type: "tool_call" as const })),
      usage_metadata: {
        input_tokens: t.inputTokens,
        output_tokens: t.outputTokens,
        total_tokens: t.inputTokens + t.outputTokens,
      },
    });
    const tokens: CallTokens = {
      inputTokens: t.inputTokens,
      outputTokens: t.outputTokens,
      cachedInputTokens: t.cachedInputTokens ?? 0,
      reasoningTokens: t.reasoningTokens ?? 0,
    };
    return { message, tokens, ...(t.cost !== undefined ? { cost: t.cost } : {}) };
  }

  recordTurn(key: string, message: AIMessage, tokens: CallTokens, cost: number | null | undefined) {
    const { inputTokens, outputTokens, cachedInputTokens, reasoningTokens } = tokens;
    this.data.turns[key] = {
      ...(message.id ? { id: message.id } : {}),
      content: message.content,
      toolCalls: (message.tool_calls ?? []).map((c) => ({
        id: c.id as string,
        name: c.name,
        args: (c.args ?? {}) as Record<string, unknown>,
      })),
      inputTokens,
      outputTokens,
      cachedInputTokens,
      reasoningTokens,
      ...(cost !== undefined ? { cost } : {}),
    };
  }

  /** A deep copy, safe to store while the run goes on. */
  snapshot(): RunSnapshot {
    const copy = structuredClone(this.data);
    if (this.clock) copy.clock = this.clock.mark();
    return copy;
  }
}
