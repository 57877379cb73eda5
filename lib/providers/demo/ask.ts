/**
 * The demo's questions to the user. A request containing the marker ASK_MARKER ("[ask]") makes
 * the demo ask: an agent with `ask_user` bound asks which option the user prefers (two choices);
 * one without it but with `subagent` hands the whole request (marker included) to its first
 * explicit child, so the question can come from any depth. Once answered, the agent says what
 * the user chose.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { Locale } from "../../i18n/locales";
import { demoT } from "./i18n";

export const ASK_MARKER = "[ask]";
const ASK_USER = "ask_user";

interface Tool {
  name: string;
  parameters?: { properties?: Record<string, { enum?: unknown[] }> };
}

export function wantsQuestion(request: string): boolean {
  return request.toLowerCase().includes(ASK_MARKER);
}

/** The turn for a request with the marker, or undefined when this agent can neither ask nor delegate. */
export function planQuestion(request: string, tools: Tool[], locale: Locale) {
  const t = demoT(locale);
  if (tools.some((x) => x.name === ASK_USER)) {
    return {
      text: t("demo.ask.asking"),
      toolCalls: [
        {
          name: ASK_USER,
          args: { question: t("demo.ask.question"), choices: [t("demo.ask.choiceA"), t("demo.ask.choiceB")] },
        },
      ],
    };
  }
  const subagent = tools.find((x) => x.name === "subagent");
  if (!subagent) return undefined;
  const options = subagent.parameters?.properties?.subagent_type?.enum?.map(String) ?? [];
  const type = options.find((o) => o !== "self") ?? "self";
  return {
    text: t("demo.ask.delegating"),
    toolCalls: [{ name: "subagent", args: { subagent_type: type, description: request } }],
  };
}

/** After the user answered: what they chose. Undefined when the last turn asked nothing. */
export function afterAnswer(ai: BaseMessage | undefined, answer: string, locale: Locale): string | undefined {
  const calls = ai && AIMessage.isInstance(ai) ? (ai.tool_calls ?? []) : [];
  if (calls.length !== 1 || calls[0].name !== ASK_USER) return undefined;
  return demoT(locale)("demo.ask.answered", { answer });
}
