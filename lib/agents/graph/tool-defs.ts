import {
  CHECK_TASKS_TOOL_NAME,
  WAIT_DEFAULT_SECONDS,
  WAIT_FOR_TASK_TOOL_NAME,
  WAIT_MAX_SECONDS,
} from "../background";
import type { AgentInput, SubagentConfig } from "../types";

/** Name of the dispatch tool every delegating agent gets. */
export const SUBAGENT_TOOL_NAME = "subagent";
export const TRANSFER_PREFIX = "transfer_to_";

/** OpenAI-format function tool: accepted by every LangChain chat model's `bindTools`. */
export interface FunctionToolDef {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export function functionTool(
  name: string,
  description: string,
  parameters: Record<string, unknown>,
): FunctionToolDef {
  return { type: "function", function: { name, description, parameters } };
}

/** Ends the catalog line of an entry that may run in the background. */
export const BACKGROUND_MARK = "[background]";

/** The `subagent` tool: `subagent_type` is an enum of the configured types, `description` the task. */
export function subagentToolDef(configs: SubagentConfig[]): FunctionToolDef {
  const lines = configs.map(
    (c) =>
      `- ${c.type}${c.self ? "" : ` (${c.name})`}: ${c.description}${c.background ? ` ${BACKGROUND_MARK}` : ""}`,
  );
  const background = configs.some((c) => c.background);
  return functionTool(
    SUBAGENT_TOOL_NAME,
    `Delegate a task to a subagent that works on it on its own and returns only its final answer. Calls in the same turn run in parallel. Available subagent types:\n${lines.join("\n")}`,
    {
      type: "object",
      properties: {
        subagent_type: {
          type: "string",
          enum: configs.map((c) => c.type),
          description: "Which subagent to use: 'self' spawns a copy of you, other values are agent ids.",
        },
        description: {
          type: "string",
          description:
            "The complete task, with every detail the subagent needs; an isolated subagent sees nothing else.",
        },
        files: {
          type: "array",
          items: { type: "string" },
          description:
            "Names of files attached in the conversation to hand to the subagent. An isolated subagent sees only these; a forked one sees the conversation's files anyway.",
        },
        ...(background
          ? {
              run_in_background: {
                type: "boolean",
                description:
                  "Only for types marked [background]: start the task and get its id at once instead of waiting. It works on the task alone (isolated); its result arrives later as a follow-up message, and check_tasks reports it.",
              },
            }
          : {}),
      },
      required: ["subagent_type", "description"],
      additionalProperties: false,
    },
  );
}

export function transferToolName(agentId: string): string {
  return `${TRANSFER_PREFIX}${agentId.replace(/[^a-zA-Z0-9_-]/g, "_")}`.slice(0, 64);
}

export function transferToolDef(
  target: { agentId: string; name: string },
  description?: string,
): FunctionToolDef {
  return functionTool(
    transferToolName(target.agentId),
    description || `Hand the conversation over to ${target.name}.`,
    { type: "object", properties: {}, additionalProperties: false },
  );
}

/** The `check_tasks` tool of an agent with background entries. */
export function checkTasksToolDef(): FunctionToolDef {
  return functionTool(
    CHECK_TASKS_TOOL_NAME,
    "Report the status of the background tasks started in this conversation, with the result of each finished one.",
    {
      type: "object",
      properties: {
        task_ids: {
          type: "array",
          items: { type: "string" },
          description: "Only these tasks; omit for all of them.",
        },
      },
      additionalProperties: false,
    },
  );
}

/** The `wait_for_task` tool, beside `check_tasks`. */
export function waitForTaskToolDef(): FunctionToolDef {
  return functionTool(
    WAIT_FOR_TASK_TOOL_NAME,
    `Wait until a background task started in this conversation ends and get its result. Without task_id, waits until any running task ends. Gives up after timeout_seconds (the task keeps running).`,
    {
      type: "object",
      properties: {
        task_id: {
          type: "string",
          description: "The task to wait for (from 'Started task …'); omit for any.",
        },
        timeout_seconds: {
          type: "number",
          description: `How long to wait at most, 1 to ${WAIT_MAX_SECONDS} seconds (default ${WAIT_DEFAULT_SECONDS}).`,
        },
      },
      additionalProperties: false,
    },
  );
}

/** Whether an agent may start background tasks (one of its entries may run in the background). */
export function hasBackgroundEntries(input: AgentInput): boolean {
  return input.subagentConfigs.some((c) => c.background);
}

const defsCache = new WeakMap<AgentInput, FunctionToolDef[]>();

/**
 * Tool definitions always bound for an agent input (registry tools that are not deferred + dispatch
 * tool), computed once per input. Deferred tools and `search_tools` come from tool-search.ts.
 */
export function toolDefsFor(input: AgentInput): FunctionToolDef[] {
  let defs = defsCache.get(input);
  if (defs) return defs;
  defs = [];
  for (const t of input.toolRegistry.values())
    if (!input.deferredTools?.has(t.name)) defs.push(functionTool(t.name, t.description, t.parameters));
  if (input.subagentConfigs.length > 0) defs.push(subagentToolDef(input.subagentConfigs));
  if (hasBackgroundEntries(input)) defs.push(checkTasksToolDef(), waitForTaskToolDef());
  defsCache.set(input, defs);
  return defs;
}
