import { type AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { errorMessage } from "../errors";
import type { AgentExecution } from "./context";
import { Semaphore } from "./queue";
import { type RunAgentGraph, runSubagent } from "./subagent";
import { SUBAGENT_TOOL_NAME } from "./tool-defs";

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
  name: string,
  args: unknown,
): Promise<{ text: string; error?: string }> {
  const tool = exec.input.toolRegistry.get(name);
  if (!tool) {
    const error = `Tool "${name}" is not available to this agent`;
    return { text: `Error: ${error}`, error };
  }
  try {
    const parsed = tool.parse ? tool.parse(args) : args;
    return { text: await tool.execute(parsed, { signal: exec.run.signal }) };
  } catch (err) {
    if (exec.run.signal.aborted) throw err;
    const error = errorMessage(err);
    return { text: `Error: ${error}`, error };
  }
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

  const results = await Promise.all(
    calls.map(async (call) => {
      const id = call.id as string;
      const args = (call.args ?? {}) as Record<string, unknown>;
      const source = exec.input.toolRegistry.get(call.name)?.source;
      const start = {
        type: "tool_call_start" as const,
        spanId,
        parentSpanId,
        depth,
        agentId,
        id,
        name: call.name,
      };
      run.emit(source ? { ...start, args, source } : { ...start, args });
      let out: { text: string; error?: string };
      const handoff = resolveHandoff?.(exec, call.name);
      if (call.name === SUBAGENT_TOOL_NAME && exec.input.subagentConfigs.length > 0) {
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
        out = await runRegistryTool(exec, call.name, args);
      }
      const end = {
        type: "tool_call_end" as const,
        spanId,
        parentSpanId,
        depth,
        agentId,
        id,
        name: call.name,
        result: out.text,
      };
      run.emit(out.error ? { ...end, error: out.error } : end);
      return new ToolMessage({
        content: out.text,
        tool_call_id: id,
        name: call.name,
        status: out.error ? "error" : "success",
      });
    }),
  );
  return { messages: results, handoffTo };
}
