import { randomUUID } from "node:crypto";
import { type AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import {
  type ApprovalDecision,
  type ApprovalRequest,
  decidedApproval,
  deniedResult,
  editedResult,
} from "../approval";
import { CHECK_TASKS_TOOL_NAME, WAIT_FOR_TASK_TOOL_NAME } from "../background";
import { errorMessage } from "../errors";
import { ASK_USER_TOOL_NAME, parseQuestion, parseTodos, WRITE_TODOS_TOOL_NAME } from "../tools";
import type { RegistryTool, ToolOutput } from "../types";
import { checkTasks, startBackgroundTask, waitForTask } from "./background-call";
import type { AgentExecution } from "./context";
import { Semaphore } from "./queue";
import { type RunAgentGraph, runSubagent } from "./subagent";
import { hasBackgroundEntries, SUBAGENT_TOOL_NAME } from "./tool-defs";
import { notFoundYet, notFoundYetError, SEARCH_TOOLS_NAME, searchTools } from "./tool-search";

/** A transfer tool call in a multi-agent run: returns the target agent id or undefined. */
export type HandoffResolver = (
  exec: AgentExecution,
  toolName: string,
) => { agentId: string; name: string } | undefined;

export interface ToolsResult {
  messages: ToolMessage[];
  /** Set when a transfer tool handed the conversation to another agent. */
  handoffTo?: string;
}

async function runRegistryTool(
  exec: AgentExecution,
  call: { id: string; name: string; args: Record<string, unknown> },
): Promise<ToolOutput & { error?: string }> {
  const { run } = exec;
  const tool = exec.input.toolRegistry.get(call.name);
  if (!tool) {
    const error = `Tool "${call.name}" is not available to this agent`;
    return { text: `Error: ${error}`, error };
  }
  // A deferred tool is bound only once a search found it: a call before that is the model guessing.
  if (notFoundYet(exec, call.name)) {
    const error = notFoundYetError(call.name);
    return { text: `Error: ${error}`, error };
  }
  if (call.name === ASK_USER_TOOL_NAME) return askUser(exec, call);
  if (exec.input.askTools.has(call.name)) {
    if (!run.approvals) {
      const error = `Tool "${call.name}" asks before running, and nobody can be asked in this run`;
      return { text: `Error: ${error}`, error };
    }
    const decision = await askPerson(exec, call, tool.source);
    if (decision.decision === "deny") {
      const text = deniedResult(decision.reason);
      return { text, error: text };
    }
    if (decision.decision === "edit") {
      const out = await executeTool(exec, tool, decision.args);
      const text = editedResult(decision.args, out.text);
      // The note goes before the result: the structured content moves with it.
      const shift = text.length - out.text.length;
      return out.structuredAt === undefined
        ? { ...out, text }
        : { ...out, text, structuredAt: out.structuredAt + shift };
    }
  }
  return executeTool(exec, tool, call.args);
}

async function executeTool(
  exec: AgentExecution,
  tool: RegistryTool,
  args: unknown,
): Promise<ToolOutput & { error?: string }> {
  const { run } = exec;
  run.idle.begin();
  try {
    const parsed = tool.parse ? tool.parse(args) : args;
    const out = await tool.execute(parsed, { signal: run.signal });
    return typeof out === "string" ? { text: out } : out;
  } catch (err) {
    if (run.signal.aborted) throw err;
    const error = errorMessage(err);
    return { text: `Error: ${error}`, error };
  } finally {
    run.idle.end();
  }
}

/**
 * A question to the user: held exactly like a call that asks before running (the same durable
 * pause, resume and expiry), and the user's answer is the tool's result.
 */
async function askUser(
  exec: AgentExecution,
  call: { id: string; name: string; args: Record<string, unknown> },
): Promise<{ text: string; error?: string }> {
  if (!exec.run.approvals) {
    const error = "Nobody can be asked in this run";
    return { text: `Error: ${error}`, error };
  }
  let question: Record<string, unknown>;
  try {
    question = parseQuestion(call.args);
  } catch (err) {
    const error = errorMessage(err);
    return { text: `Error: ${error}`, error };
  }
  const decision = await askPerson(exec, { ...call, args: question }, undefined);
  if (decision.decision === "answer") return { text: decision.answer };
  const text = deniedResult(decision.decision === "deny" ? decision.reason : undefined);
  return { text, error: text };
}

/** Rejects with the signal's reason when it aborts first. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

/**
 * A call of a tool that asks before running: announced once as pending (a resumed run reuses the
 * request it stored), then held until the host has a person's decision, which is announced too.
 */
async function askPerson(
  exec: AgentExecution,
  call: { id: string; name: string; args: Record<string, unknown> },
  source: string | undefined,
): Promise<ApprovalDecision> {
  const { run, spanId, parentSpanId, depth } = exec;
  const agentId = exec.input.agentId;
  const approvals = run.approvals as NonNullable<typeof run.approvals>;
  const base = { spanId, parentSpanId, depth, agentId, id: call.id, name: call.name };
  let req: ApprovalRequest | undefined = run.journal.data.pending[call.id];
  if (!req) {
    req = {
      approvalId: randomUUID(),
      toolCallId: call.id,
      name: call.name,
      args: call.args,
      ...(source ? { source } : {}),
      spanId,
      parentSpanId,
      depth,
      agentId,
    };
    run.journal.data.pending[call.id] = req;
    run.emit({ type: "tool_approval", ...base, approval: { id: req.approvalId, status: "pending" } });
  }
  run.idle.wait();
  let decision: ApprovalDecision;
  try {
    decision = await unlessAborted(approvals.request(req), run.signal);
  } finally {
    run.idle.decided();
  }
  delete run.journal.data.pending[call.id];
  run.emit({ type: "tool_approval", ...base, approval: decidedApproval(req.approvalId, decision) });
  return decision;
}

/**
 * Executes every tool call of the last AI message, in parallel; subagent calls are gated by
 * `maxParallelSubagents`. Returns one ToolMessage per call, in call order.
 */
export async function runTools(
  exec: AgentExecution,
  messages: BaseMessage[],
  runGraph: RunAgentGraph,
  resolveHandoff?: HandoffResolver,
): Promise<ToolsResult> {
  const { run, spanId, parentSpanId, depth } = exec;
  const agentId = exec.input.agentId;
  const last = messages[messages.length - 1] as AIMessage;
  const calls = last.tool_calls ?? [];
  let gate: Semaphore | undefined;
  let handoffTo: string | undefined;

  const pending = calls.map(async (call) => {
    const id = call.id as string;
    const args = (call.args ?? {}) as Record<string, unknown>;
    const source = exec.input.toolRegistry.get(call.name)?.source;
    const handoff = resolveHandoff?.(exec, call.name);
    // A resumed run: calls finished before the pause keep their result (no events, no rerun).
    const recorded = run.journal.data.results[id];
    if (recorded) {
      if (handoff && !recorded.error && handoffTo === undefined) handoffTo = handoff.agentId;
      return toolMessage(id, call.name, recorded);
    }
    const start = {
      type: "tool_call_start" as const,
      spanId,
      parentSpanId,
      depth,
      agentId,
      id,
      name: call.name,
    };
    // A call of a replayed turn was announced before the pause.
    if (!run.journal.replayedCalls.has(id))
      run.emit(source ? { ...start, args, source } : { ...start, args });
    let out: ToolOutput & { error?: string };
    if (
      call.name === SUBAGENT_TOOL_NAME &&
      exec.input.subagentConfigs.length > 0 &&
      args.run_in_background === true
    ) {
      out = await startBackgroundTask(exec, { id, args });
    } else if (call.name === CHECK_TASKS_TOOL_NAME && hasBackgroundEntries(exec.input)) {
      out = await checkTasks(exec, args);
    } else if (call.name === WAIT_FOR_TASK_TOOL_NAME && hasBackgroundEntries(exec.input)) {
      out = await waitForTask(exec, args);
    } else if (call.name === SEARCH_TOOLS_NAME && exec.input.deferredTools) {
      out = searchTools(exec, args);
    } else if (call.name === SUBAGENT_TOOL_NAME && exec.input.subagentConfigs.length > 0) {
      gate ??= new Semaphore(run.limits.maxParallelSubagents);
      out = await runSubagent(exec, { id, args }, messages, gate, runGraph);
    } else if (handoff) {
      if (handoffTo === undefined) {
        handoffTo = handoff.agentId;
        run.emit({
          type: "handoff",
          spanId,
          parentSpanId,
          depth,
          agentId,
          fromAgentId: agentId,
          toAgentId: handoff.agentId,
        });
        out = { text: `Transferred to ${handoff.name}.` };
      } else {
        out = { text: "Ignored: the conversation was already handed over.", error: "duplicate handoff" };
      }
    } else {
      out = await runRegistryTool(exec, { id, name: call.name, args });
      // The plan the user sees: announced once the call succeeded (its arguments are valid).
      if (call.name === WRITE_TODOS_TOOL_NAME && !out.error && exec.input.toolRegistry.has(call.name))
        run.emit({ type: "todos", spanId, parentSpanId, depth, agentId, id, todos: parseTodos(args) });
    }
    run.journal.data.results[id] = out.error ? { text: out.text, error: out.error } : { text: out.text };
    const end = {
      type: "tool_call_end" as const,
      spanId,
      parentSpanId,
      depth,
      agentId,
      id,
      name: call.name,
      result: out.text,
      ...(out.structuredAt !== undefined && { structuredAt: out.structuredAt }),
    };
    run.emit(out.error ? { ...end, error: out.error } : end);
    await run.checkpoint();
    return toolMessage(id, call.name, out);
  });
  const all = Promise.all(pending);
  all.catch(() => {}); // awaited below; not unhandled while the checkpoint is written
  // Every call's start was emitted synchronously above: the turn is checkpointed with them
  // (unless all of them were replayed: nothing new).
  if (calls.some((c) => !run.journal.data.results[c.id as string])) await run.checkpoint();
  const results = await all;
  return { messages: results, handoffTo };
}

function toolMessage(id: string, name: string, out: { text: string; error?: string }): ToolMessage {
  return new ToolMessage({
    content: out.text,
    tool_call_id: id,
    name,
    status: out.error ? "error" : "success",
  });
}
