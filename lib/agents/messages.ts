import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  isBaseMessage,
  SystemMessage,
} from "@langchain/core/messages";
import { AgentEngineError } from "./errors";
import { fileParts } from "./files";
import type { ConversationMessage } from "./types";

/** Plain text of a message (text parts of array content joined). */
export function messageText(m: BaseMessage | undefined): string {
  if (!m) return "";
  const c = m.content;
  if (typeof c === "string") return c;
  return c
    .map((p) => (typeof p === "string" ? p : p.type === "text" ? String((p as { text: string }).text) : ""))
    .join("");
}

/**
 * Converts the caller's conversation into LangChain messages. LangChain messages pass through;
 * `{ role: "user" | "assistant" | "system", content }` become Human/AI/System messages; a user
 * message's files join its content, their text within `fileBudgetChars` for the whole conversation.
 */
export function toBaseMessages(messages: ConversationMessage[], fileBudgetChars = Infinity): BaseMessage[] {
  // One budget for the whole conversation, newest files first: older files are cut before newer ones.
  const budgets = new Map<ConversationMessage, number>();
  let left = fileBudgetChars;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (isBaseMessage(m) || !m.files?.length) continue;
    const total = m.files.reduce((n, f) => n + (f.text?.length ?? 0), 0);
    budgets.set(m, Math.min(total, left));
    left -= Math.min(total, left);
  }
  return messages.map((m) => {
    if (isBaseMessage(m)) return m;
    switch (m.role) {
      case "user":
        return new HumanMessage({
          content: m.files?.length ? fileParts(m.content, m.files, budgets.get(m) ?? 0) : m.content,
          name: m.name,
        });
      case "assistant":
        return new AIMessage({ content: m.content, name: m.name });
      case "system":
        return new SystemMessage(m.content);
      default:
        throw new AgentEngineError(
          "bad_request:agent",
          `Unknown message role "${(m as { role: string }).role}"`,
        );
    }
  });
}

/**
 * The tool result a parent gets when a subagent stopped at its entry budget (the model reads it,
 * in English): the amount in the prices' currency ("$0.02", "€0.50"), or bare without one.
 */
export function subagentBudgetText(name: string, amount: number, currency?: string): string {
  const shown = currency
    ? new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 6 }).format(amount)
    : String(amount);
  return `Subagent ${name} stopped: its budget of ${shown} was reached`;
}
