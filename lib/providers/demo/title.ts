// The demo's answer to a title request (lib/providers/title-prompt.ts): the question's first words
// marked as a demo title, in the question's language. Deterministic, so tests can expect it.
import { type BaseMessage, SystemMessage } from "@langchain/core/messages";
import { messageText } from "../../agents/messages";
import { questionOfTitleRequest, TITLE_PROMPT } from "../title-prompt";
import { demoT, isChinese } from "./i18n";
import type { DemoPlan } from "./plan";

/** The title plan when `messages` are a title request; null otherwise. */
export function planTitle(messages: BaseMessage[]): DemoPlan | null {
  const [system, request] = messages;
  if (!system || !SystemMessage.isInstance(system) || messageText(system) !== TITLE_PROMPT || !request) {
    return null;
  }
  const question = questionOfTitleRequest(messageText(request)).replace(/\s+/g, " ").trim();
  const chinese = isChinese(question);
  // Chinese has no spaces: its first 12 characters; otherwise the first 6 words.
  const topic = chinese ? [...question].slice(0, 12).join("") : question.split(" ").slice(0, 6).join(" ");
  return { text: demoT(chinese ? "zh-CN" : "en")("demo.title", { topic }), toolCalls: [] };
}
