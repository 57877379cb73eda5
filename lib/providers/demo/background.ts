/**
 * The demo's background tasks. A request containing BACKGROUND_REQUEST ("[background]") makes an
 * agent whose subagent tool offers `run_in_background` start its first background entry (its
 * catalog line ends with the engine's BACKGROUND_MARK) on the request, marker removed, and answer
 * at once; the task's own answer arrives later as a follow-up message. With WAIT_REQUEST ("[wait]")
 * too, it then calls `wait_for_task` on the started task and answers with what the wait returned.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { BACKGROUND_MARK } from "../../agents/graph/tool-defs";
import type { Locale } from "../../i18n/locales";
import { demoT } from "./i18n";

export const BACKGROUND_REQUEST = "[background]";
export const WAIT_REQUEST = "[wait]";
const WAIT_TOOL = "wait_for_task";

interface Tool {
  name: string;
  description?: string;
  parameters?: { properties?: Record<string, unknown> };
}

export function wantsBackground(request: string): boolean {
  return request.toLowerCase().includes(BACKGROUND_REQUEST);
}

/** The first entry marked for the background in the subagent tool's catalog lines. */
function backgroundType(subagent: Tool): string | undefined {
  for (const line of (subagent.description ?? "").split("\n")) {
    const m = /^- (\S+?)(?: \([^)]*\))?: .*$/.exec(line.trim());
    if (m && line.trim().endsWith(BACKGROUND_MARK)) return m[1];
  }
  return undefined;
}

/** The turn that starts the task, or undefined when this agent has no background entry. */
export function planBackground(request: string, tools: Tool[], locale: Locale) {
  const subagent = tools.find((x) => x.name === "subagent");
  if (!subagent?.parameters?.properties?.run_in_background) return undefined;
  const type = backgroundType(subagent);
  if (!type) return undefined;
  const task = request
    .replace(/\[background\]|\[wait\]/gi, "")
    .replace(/\s+/g, " ")
    .trim();
  return {
    text: demoT(locale)("demo.background.starting"),
    toolCalls: [
      { name: "subagent", args: { subagent_type: type, description: task, run_in_background: true } },
    ],
  };
}

/**
 * After the start: wait for the task (`[wait]` with `wait_for_task` bound), or say that it runs, or
 * why it did not start; after the wait, what it returned. Undefined for any other turn.
 */
export function afterBackground(
  ai: BaseMessage | undefined,
  result: string,
  context: { request: string; tools: Tool[] },
  locale: Locale,
): { text: string; toolCalls: { name: string; args: Record<string, unknown> }[] } | undefined {
  const calls = ai && AIMessage.isInstance(ai) ? (ai.tool_calls ?? []) : [];
  const t = demoT(locale);
  if (calls.length === 1 && calls[0].name === WAIT_TOOL)
    return { text: t("demo.background.waited", { result }), toolCalls: [] };
  if (calls.length !== 1 || calls[0].name !== "subagent" || calls[0].args?.run_in_background !== true)
    return undefined;
  const started = /^Started task (\S+)/.exec(result);
  if (!started)
    return {
      text: t("demo.background.refused", { reason: result.replace(/^Error:\s*/, "") }),
      toolCalls: [],
    };
  if (context.request.toLowerCase().includes(WAIT_REQUEST) && context.tools.some((x) => x.name === WAIT_TOOL))
    return {
      text: t("demo.background.waiting"),
      toolCalls: [{ name: WAIT_TOOL, args: { task_id: started[1], timeout_seconds: 120 } }],
    };
  return { text: t("demo.background.started"), toolCalls: [] };
}
