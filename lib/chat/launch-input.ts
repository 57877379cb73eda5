import type { ModelFactory } from "@/lib/agents";
import type { AgentTree } from "@/lib/db/agents-tree";
import type { ConversationSource, StoredMessage } from "@/lib/db/conversations";
import type { SendFile, WithAttachments } from "@/lib/files/send";
import type { Locale } from "@/lib/i18n/locales";
import type { EffectiveLimits } from "@/lib/quota";

/** What one answer is launched with, however it was asked for (the browser or the Agents API). */
export interface LaunchInput {
  userId: string;
  limits: EffectiveLimits;
  /** The agent and its whole subagent tree, loaded for the user (their right to it checked). */
  tree: AgentTree;
  /** The conversation the turn continues; null starts a new one. */
  conversation: { id: string; title: string } | null;
  /** Where a new conversation comes from (the chat list marks API ones). */
  source: ConversationSource;
  /** False: a new conversation stays out of the chat list and search (an API key's choice). */
  listed?: boolean;
  /** A new temporary chat: deleted this many hours after it starts. */
  temporaryHours?: number;
  /** The messages before the new user message, with the stored message id of each ("" when not stored). */
  prior: { messages: WithAttachments[]; ids: string[] };
  initialSummary?: string;
  turn: {
    parentId: string | null;
    userText: string;
    /** Answer this stored user message again instead of storing a new one. */
    regenerateOf?: string;
    /** Uploads linked to the new user message once the run is admitted. */
    newFiles: SendFile[];
    userFiles: StoredMessage["attachments"];
  };
  modelFactory?: ModelFactory;
  locale?: Locale;
  /** A caller's cap on the output tokens of each model call of the tree (lower than the agents' own). */
  maxOutputTokens?: number;
}
