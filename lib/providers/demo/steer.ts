/**
 * The demo's reading of steering (lib/agents/steering.ts): the user messages the engine adds before
 * a root agent's model call while the answer runs. The demo acknowledges each one, quoting it, and
 * then does what it would have done without it, so a test sees exactly what the call received.
 */
import { type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { messageText } from "../../agents/messages";
import { STEER_PREFIX } from "../../agents/steering";
import type { Locale } from "../../i18n/locales";
import { demoT } from "./i18n";

export function isSteer(m: BaseMessage | undefined): boolean {
  return !!m && HumanMessage.isInstance(m) && messageText(m).startsWith(STEER_PREFIX);
}

/** How many steering messages end the conversation (those the engine just added). */
export function trailingSteers(messages: BaseMessage[]): number {
  let n = 0;
  while (n < messages.length && isSteer(messages[messages.length - 1 - n])) n++;
  return n;
}

/** The acknowledgement of the last `count` messages, one paragraph each. */
export function acknowledgeSteers(messages: BaseMessage[], count: number, locale: Locale): string {
  const t = demoT(locale);
  return messages
    .slice(messages.length - count)
    .map((m) => t("demo.steer.noted", { text: messageText(m).slice(STEER_PREFIX.length).trim() }))
    .join("\n\n");
}
