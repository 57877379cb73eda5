import { type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { budgetScope, SubagentBudgetError } from "../budget";
import { emptyUsage } from "../cost";
import { errorCode, errorMessage } from "../errors";
import { fileBudgetChars, fileParts, type RunFile } from "../files";
import { childMaxTurns } from "../limits";
import { messageText } from "../messages";
import type { ContextMode, SubagentConfig } from "../types";
import type { AgentExecution } from "./context";
import type { Semaphore } from "./queue";

/** Prepended to the task of a forked child, after the parent's conversation. */
export const FORK_PREAMBLE =
  "You are a subagent forked from the conversation above. Your parent agent delegated the task below to you. " +
  "Work on that task only; your final reply is returned to the parent as the result of its delegation.\n\nTask:\n";

/**
 * The child's starting messages. `isolated`: the task alone. `fork`: the parent's conversation
 * with the trailing tool-calling AI message removed (the prefix is the parent's own objects, so it
 * serialises byte for byte as the parent's prompt did), then the preamble and the task as a user
 * message. A forked child that is another agent keeps the parent's system prompt (the cached
 * prefix), so its own instructions travel in that last message instead.
 */
export function buildChildMessages(
  mode: ContextMode,
  task: string,
  parentMessages: BaseMessage[],
  childInstructions?: string,
  /** Isolated: the files the parent passed, with the child's budget for their text. */
  files?: { files: RunFile[]; budgetChars: number },
): BaseMessage[] {
  if (mode !== "fork")
    return [
      files?.files.length
        ? new HumanMessage({ content: fileParts(task, files.files, files.budgetChars) })
        : new HumanMessage(task),
    ];
  let end = parentMessages.length;
  const last = parentMessages[end - 1];
  if (last && last.getType() === "ai" && ((last as { tool_calls?: unknown[] }).tool_calls?.length ?? 0) > 0)
    end--;
  const own = childInstructions?.trim() ? `Your instructions:\n${childInstructions.trim()}\n\n` : "";
  return [...parentMessages.slice(0, end), new HumanMessage(`${own}${FORK_PREAMBLE}${task}`)];
}

/** System message of an agent execution (instructions plus a summary for root agents). */
export function systemMessageFor(instructions: string, summary?: string): SystemMessage | undefined {
  const text = summary
    ? `${instructions}\n\nSummary of the earlier conversation:\n${summary}`.trim()
    : instructions;
  return text ? new SystemMessage(text) : undefined;
}

export function finalText(messages: BaseMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.getType() === "ai") return messageText(m);
  }
  return "";
}

export type RunAgentGraph = (exec: AgentExecution, messages: BaseMessage[]) => Promise<BaseMessage[]>;

/** The entry and task a `subagent` call names, or the error text the model gets instead. */
export function findEntry(
  exec: AgentExecution,
  args: Record<string, unknown>,
): { config: SubagentConfig; task: string } | { text: string; error: string } {
  const type = String(args.subagent_type ?? "");
  const task = String(args.description ?? "");
  const config: SubagentConfig | undefined = exec.input.subagentConfigs.find((c) => c.type === type);
  if (!config) {
    const known = exec.input.subagentConfigs.map((c) => c.type).join(", ");
    const error = `Unknown subagent_type "${type}". Use one of: ${known}`;
    return { text: error, error };
  }
  if (!task.trim()) return { text: "The description (task) is required.", error: "missing description" };
  return { config, task };
}

/**
 * Runs one `subagent` tool call: a child execution in its own span. Returns the text the parent
 * receives. A failing child becomes an error text; an aborted run rethrows so the parent stops too.
 */
export async function runSubagent(
  exec: AgentExecution,
  call: { id: string; args: Record<string, unknown> },
  parentMessages: BaseMessage[],
  gate: Semaphore,
  runGraph: RunAgentGraph,
): Promise<{ text: string; error?: string }> {
  const { run } = exec;
  const entry = findEntry(exec, call.args);
  if (!("config" in entry)) return entry;
  const { config, task } = entry;
  // Files the parent can see (its messages' files) and those it passes by name.
  const visible = exec.files ?? run.files;
  const asked = Array.isArray(call.args.files) ? [...new Set(call.args.files.map(String))] : [];
  const missing = asked.filter((n) => !visible.some((f) => f.name === n));
  if (missing.length) {
    const known = visible.map((f) => `"${f.name}"`).join(", ") || "none";
    const error = `Unknown file ${missing.map((n) => `"${n}"`).join(", ")}. Files you can pass: ${known}.`;
    return { text: error, error };
  }
  const passed = asked.map((n) => visible.find((f) => f.name === n) as RunFile);
  const childFiles = config.mode === "fork" ? visible : passed;

  await gate.acquire(run.signal);
  // A resumed run: a child that started before the pause keeps its start (and its block).
  const resumedFrom = run.journal.data.spans[call.id];
  const started = resumedFrom ?? Date.now();
  run.journal.data.spans[call.id] = started;
  const childInput = config.agentInputs;
  const child: AgentExecution = {
    run,
    input: childInput,
    spanId: call.id,
    parentSpanId: exec.spanId,
    depth: config.depth,
    ancestry: [...exec.ancestry, childInput.agentId],
    parent: exec,
    maxTurns: childMaxTurns(run.limits),
    turns: 0,
    usage: emptyUsage(run.accountsCost),
    // A fork continues the parent's prompt: the same system message object (instructions and any
    // summary), so the prefix the provider caches is byte-identical.
    system: config.mode === "fork" ? exec.system : systemMessageFor(childInput.instructions),
    files: childFiles,
    ...(config.budget !== undefined
      ? {
          budget: budgetScope(
            "subagent",
            config.budget,
            { name: config.name, spanId: call.id },
            run.currency,
          ),
        }
      : {}),
  };
  const base = {
    spanId: call.id,
    parentSpanId: exec.spanId,
    depth: config.depth,
    agentId: childInput.agentId,
  };
  if (resumedFrom === undefined)
    run.emit({
      type: "subagent_start",
      ...base,
      subagentType: config.type,
      agentName: config.name,
      task,
      mode: config.mode,
      model: childInput.model,
      ancestry: exec.ancestry,
      ...(childFiles.length ? { files: childFiles.map((f) => f.name) } : {}),
    });
  try {
    const ownInstructions = config.self ? undefined : childInput.instructions;
    const out = await runGraph(
      child,
      buildChildMessages(config.mode, task, parentMessages, ownInstructions, {
        files: passed,
        budgetChars: fileBudgetChars(childInput.effectiveMaxContextTokens),
      }),
    );
    const text = finalText(out);
    run.emit({
      type: "subagent_stop",
      ...base,
      text,
      usage: { ...child.usage },
      durationMs: Date.now() - started,
    });
    return { text };
  } catch (err) {
    if (run.signal.aborted) throw err;
    // An ancestor's entry budget: that ancestor stops, not this child's parent.
    if (err instanceof SubagentBudgetError && err.spanId !== call.id) throw err;
    const message = errorMessage(err);
    run.emit({
      type: "subagent_error",
      ...base,
      message,
      code: errorCode(err),
      durationMs: Date.now() - started,
    });
    run.logger.warn({
      event: "subagent_failed",
      runId: run.runId,
      agentId: childInput.agentId,
      spanId: call.id,
      message,
    });
    // Its own budget: the parent reads why the child stopped and goes on.
    if (err instanceof SubagentBudgetError) return { text: message, error: message };
    return { text: `Subagent ${config.name} failed: ${message}`, error: message };
  } finally {
    gate.release();
  }
}
