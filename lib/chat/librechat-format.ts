// LibreChat's conversation export (its "Export" → JSON: `{ conversationId, title, recursive,
// messages }`, messages either nested under `children` when `recursive` or flat with
// `parentMessageId`; the root's parent is the zero UUID), turned into our conversation file so the
// one import path stores it. What LibreChat's files hold beyond the text (endpoint options, token
// counts, files, agent tool steps) is not carried: the text of each message and its place in the tree is.
import { z } from "zod";
import {
  CONVERSATION_FORMAT,
  CONVERSATION_FORMAT_VERSION,
  type ConversationFile,
  MAX_IMPORT_MESSAGES,
} from "./conversation-format";

const NO_PARENT = "00000000-0000-0000-0000-000000000000";
const DEFAULT_TITLE = "New chat";
const LIBRECHAT_AGENT = "librechat";

interface LibreChatMessage {
  messageId: string;
  parentMessageId?: string | null;
  text?: string | null;
  content?: unknown[] | null;
  isCreatedByUser: boolean;
  createdAt?: string | null;
  error?: boolean | null;
  unfinished?: boolean | null;
  children?: LibreChatMessage[] | null;
}

const message: z.ZodType<LibreChatMessage> = z.lazy(() =>
  z.looseObject({
    messageId: z.string().min(1).max(200),
    parentMessageId: z.string().max(200).nullish(),
    text: z.string().max(200_000).nullish(),
    // Newer LibreChat messages (agents) keep their text in content parts.
    content: z.array(z.unknown()).max(1000).nullish(),
    isCreatedByUser: z.boolean(),
    createdAt: z.string().max(100).nullish(),
    error: z.boolean().nullish(),
    unfinished: z.boolean().nullish(),
    children: z.array(message).max(MAX_IMPORT_MESSAGES).nullish(),
  }),
);

const libreChatFile = z.looseObject({
  conversationId: z.string().min(1).max(200),
  title: z.string().max(10_000).nullish(),
  recursive: z.boolean().nullish(),
  messages: z.array(message).max(MAX_IMPORT_MESSAGES),
});

/** Whether a body looks like LibreChat's export rather than ours (ours names its format). */
export function isLibreChatExport(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return b.format === undefined && typeof b.conversationId === "string" && Array.isArray(b.messages);
}

/** The text of a message: `text`, else its text content parts. */
function textOf(m: LibreChatMessage): string {
  if (m.text) return m.text;
  const parts = (m.content ?? []).flatMap((p) => {
    if (!p || typeof p !== "object") return [];
    const part = p as { type?: unknown; text?: unknown };
    if (part.type !== "text") return [];
    if (typeof part.text === "string") return [part.text];
    const value = (part.text as { value?: unknown } | null)?.value;
    return typeof value === "string" ? [value] : [];
  });
  return parts.join("\n\n").slice(0, 200_000);
}

const TREE_STATUS = { COMPLETE: "completed", FAILED: "failed", INTERRUPTED: "stopped" } as const;

/** The trace tree of an imported answer: its text, from one unnamed agent. */
function answerTree(text: string, status: keyof typeof TREE_STATUS) {
  return {
    rootAgentIds: [LIBRECHAT_AGENT],
    status: TREE_STATUS[status],
    content: text ? [{ type: "text" as const, agentId: LIBRECHAT_AGENT, text }] : [],
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}

type Issue = { path: string };
type Parsed = { ok: true; file: ConversationFile } | { ok: false; issue: Issue };

/**
 * LibreChat's file as ours, or the first problem (a path, as our own file's refusals name one).
 * Parents come before children; a parent that is not in the file, a repeated id or more than
 * MAX_IMPORT_MESSAGES messages in all is refused.
 */
export function fromLibreChat(body: unknown, now = new Date()): Parsed {
  const parsed = libreChatFile.safeParse(body);
  if (!parsed.success) {
    return { ok: false, issue: { path: parsed.error.issues[0]?.path.join(".") || "(file)" } };
  }
  const file = parsed.data;
  // Flattened with each message's parent: nested ones take the enclosing message.
  const flat: Array<{ m: LibreChatMessage; parent: string | null; path: string }> = [];
  const walk = (list: LibreChatMessage[], parent: string | null, path: string): boolean => {
    for (const [i, m] of list.entries()) {
      if (flat.length >= MAX_IMPORT_MESSAGES) return false;
      const own = file.recursive
        ? parent
        : m.parentMessageId && m.parentMessageId !== NO_PARENT
          ? m.parentMessageId
          : null;
      flat.push({ m, parent: own, path: `${path}.${i}` });
      if (m.children?.length && !walk(m.children, m.messageId, `${path}.${i}.children`)) return false;
    }
    return true;
  };
  if (!walk(file.messages, null, "messages")) return { ok: false, issue: { path: "messages" } };

  // Our file wants parents first: a flat export is put in tree order from its roots.
  const byId = new Map<string, (typeof flat)[number]>();
  for (const entry of flat) {
    if (byId.has(entry.m.messageId)) return { ok: false, issue: { path: `${entry.path}.messageId` } };
    byId.set(entry.m.messageId, entry);
  }
  const kids = new Map<string | null, typeof flat>();
  for (const entry of flat) {
    if (entry.parent !== null && !byId.has(entry.parent)) {
      return { ok: false, issue: { path: `${entry.path}.parentMessageId` } };
    }
    kids.set(entry.parent, [...(kids.get(entry.parent) ?? []), entry]);
  }
  const ordered: typeof flat = [];
  const stack = [...(kids.get(null) ?? [])].reverse();
  while (stack.length) {
    const entry = stack.pop() as (typeof flat)[number];
    ordered.push(entry);
    stack.push(...[...(kids.get(entry.m.messageId) ?? [])].reverse());
  }
  // Messages that no root leads to (a cycle of parents).
  if (ordered.length !== flat.length) return { ok: false, issue: { path: "messages" } };

  const local = new Map(ordered.map((e, i) => [e.m.messageId, `m${i + 1}`]));
  // Times in tree order, each after the one before (LibreChat leaves some out).
  let last = Number.NEGATIVE_INFINITY;
  const firstTime = ordered.map((e) => Date.parse(e.m.createdAt ?? "")).find(Number.isFinite);
  const base = firstTime ?? now.getTime();
  const title = (file.title ?? "").trim().slice(0, 200) || DEFAULT_TITLE;
  return {
    ok: true,
    file: {
      format: CONVERSATION_FORMAT,
      version: CONVERSATION_FORMAT_VERSION,
      exportedAt: now.toISOString(),
      title,
      messages: ordered.map(({ m, parent }) => {
        const at = Date.parse(m.createdAt ?? "");
        last = Number.isFinite(at) && at > last ? at : Math.max(base, last + 1);
        const assistant = !m.isCreatedByUser;
        const status =
          assistant && m.error ? "FAILED" : assistant && m.unfinished ? "INTERRUPTED" : "COMPLETE";
        const content = textOf(m);
        return {
          id: local.get(m.messageId) as string,
          parentId: parent ? (local.get(parent) as string) : null,
          role: assistant ? "ASSISTANT" : "USER",
          content,
          // An answer is shown from its trace tree (without one it would show as still running).
          parts: assistant ? answerTree(content, status) : null,
          status,
          error: assistant && m.error ? { code: "provider" } : null,
          usage: null,
          createdAt: new Date(last).toISOString(),
        };
      }),
    },
  };
}
