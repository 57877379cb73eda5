// Our conversation file (JSON): every branch, each answer's full trace tree as stored. Message ids
// are local references (m1, m2, … in creation order), so export → import → export gives the same
// file except `exportedAt`. Attachments and the agent are not carried: they name files and agents
// of the exporting server (an imported conversation has no agent until the user picks one).
import { z } from "zod";
import type { StoredMessage } from "@/lib/db/conversations";
import type { Feedback } from "@/lib/db/message-feedback";
import { feedbackSchema } from "@/lib/feedback/schema";

export const CONVERSATION_FORMAT = "delegate-chat.conversation";
export const CONVERSATION_FORMAT_VERSION = 1;
/** Messages per imported conversation. */
export const MAX_IMPORT_MESSAGES = 2000;

const status = z.enum(["running", "completed", "failed", "stopped"]);
const usage = z.looseObject({
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
});
const text = z.string().max(200_000);

// Trace nodes: checked as far as the chat renders them (type, text, nested content); other fields kept.
type Node = { type: string; [key: string]: unknown };
const node: z.ZodType<Node> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.looseObject({ type: z.literal("text"), agentId: z.string(), text }),
    z.looseObject({ type: z.literal("reasoning"), agentId: z.string(), text }),
    z.looseObject({
      type: z.literal("tool_call"),
      id: z.string(),
      name: z.string(),
      args: z.record(z.string(), z.unknown()),
      status,
    }),
    z.looseObject({
      type: z.literal("subagent"),
      id: z.string(),
      agentId: z.string(),
      agentName: z.string(),
      task: z.string(),
      status,
      usage,
      content: z.array(node),
    }),
    z.looseObject({ type: z.literal("handoff"), fromAgentId: z.string(), toAgentId: z.string() }),
    z.looseObject({ type: z.literal("steer"), agentId: z.string(), text }),
  ]),
);
const tree = z.looseObject({
  rootAgentIds: z.array(z.string()),
  status,
  content: z.array(node),
  usage,
});

const message = z.strictObject({
  id: z.string().min(1).max(100),
  parentId: z.string().min(1).max(100).nullable(),
  role: z.enum(["USER", "ASSISTANT"]),
  content: text,
  parts: tree.nullable(),
  // A file holds finished answers only (see toConversationFile).
  status: z.enum(["COMPLETE", "FAILED", "STOPPED", "INTERRUPTED"]),
  error: z.looseObject({ code: z.string() }).nullable(),
  usage: z
    .strictObject({
      inputTokens: z.number().int().nonnegative(),
      outputTokens: z.number().int().nonnegative(),
      subagentInputTokens: z.number().int().nonnegative(),
      subagentOutputTokens: z.number().int().nonnegative(),
    })
    .nullable(),
  createdAt: z.iso.datetime(),
  // The owner's thumbs up/down on an answer; absent when there is none (files of before stay valid).
  feedback: feedbackSchema.optional(),
});

export const conversationFile = z
  .strictObject({
    format: z.literal(CONVERSATION_FORMAT),
    version: z.literal(CONVERSATION_FORMAT_VERSION),
    exportedAt: z.iso.datetime(),
    title: z.string().trim().min(1).max(200),
    messages: z.array(message).max(MAX_IMPORT_MESSAGES),
  })
  .superRefine((file, ctx) => {
    // Parents must come first (so the tree has no cycles) and ids are unique.
    const seen = new Set<string>();
    for (const [i, m] of file.messages.entries()) {
      if (seen.has(m.id)) ctx.addIssue({ code: "custom", path: ["messages", i, "id"], message: "duplicate" });
      if (m.parentId && !seen.has(m.parentId)) {
        ctx.addIssue({ code: "custom", path: ["messages", i, "parentId"], message: "unknown parent" });
      }
      seen.add(m.id);
    }
  });
export type ConversationFile = z.infer<typeof conversationFile>;

/** A stored conversation as our file: messages in creation order with local ids. */
export function toConversationFile(
  title: string,
  messages: Array<StoredMessage & { feedback?: Feedback }>,
  now = new Date(),
): ConversationFile {
  const local = new Map(messages.map((m, i) => [m.id, `m${i + 1}`]));
  return {
    format: CONVERSATION_FORMAT,
    version: CONVERSATION_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    title,
    messages: messages.map((m) => ({
      id: local.get(m.id) as string,
      parentId: m.parentId ? (local.get(m.parentId) ?? null) : null,
      role: m.role,
      content: m.content,
      parts: (m.parts as ConversationFile["messages"][number]["parts"]) ?? null,
      // An answer still being written or waiting for approval has no run on the importing side.
      status: m.status === "STREAMING" || m.status === "PAUSED" ? "INTERRUPTED" : m.status,
      error: (m.error as ConversationFile["messages"][number]["error"]) ?? null,
      usage: m.usage,
      createdAt: m.createdAt.toISOString(),
      ...(m.feedback ? { feedback: m.feedback } : {}),
    })),
  };
}
