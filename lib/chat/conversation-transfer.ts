// Export and import of a conversation: the owner check, the file's validation and the labels of the
// Markdown in the reader's language. Formats: conversation-format.ts (JSON), conversation-markdown.ts.
import "server-only";
import { importConversation } from "@/lib/db/conversation-export";
import { getConversationWithMessages } from "@/lib/db/conversations";
import { feedbackOf } from "@/lib/db/message-feedback";
import { AppError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";
import { textTranslatorFor } from "@/lib/i18n/translator";
import { conversationFile, toConversationFile } from "./conversation-format";
import { toConversationMarkdown } from "./conversation-markdown";
import { fromLibreChat, isLibreChatExport } from "./librechat-format";

/** The user's conversation as a file; 404 (as for a missing one) when it is someone else's. */
export async function exportConversation({
  id,
  userId,
  format,
  locale,
}: {
  id: string;
  userId: string;
  format: "json" | "markdown";
  locale: Locale;
}): Promise<{ filename: string; type: string; body: string }> {
  const c = await getConversationWithMessages({ id, userId });
  const base =
    c.title
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .trim()
      .slice(0, 80) || "conversation";
  if (format === "json") {
    const feedback = await feedbackOf({ userId, messageIds: c.messages.map((m) => m.id) });
    const rated = c.messages.map((m) => {
      const f = feedback.get(m.id);
      return f ? { ...m, feedback: f } : m;
    });
    const file = toConversationFile(c.title, rated);
    return { filename: `${base}.json`, type: "application/json", body: `${JSON.stringify(file, null, 2)}\n` };
  }
  const t = await textTranslatorFor(locale);
  const body = toConversationMarkdown(c.title, c.messages, {
    user: t("chat.export.user"),
    assistant: t("chat.export.assistant"),
    subagent: (name, task) => t("chat.export.subagent", { name, task }),
    tool: (name) => t("chat.export.tool", { name }),
  });
  return { filename: `${base}.md`, type: "text/markdown; charset=utf-8", body };
}

/**
 * A file of ours or LibreChat's export, checked, stored as a new conversation of the importer; 400
 * naming the first bad field.
 */
export async function importConversationFile(userId: string, body: unknown): Promise<{ id: string }> {
  if (isLibreChatExport(body)) {
    const converted = fromLibreChat(body);
    if (!converted.ok) {
      throw new AppError("bad_request:conversation_import", {
        values: { path: converted.issue.path.slice(0, 100) },
      });
    }
    body = converted.file;
  }
  const parsed = conversationFile.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".").slice(0, 100) || "(file)";
    throw new AppError("bad_request:conversation_import", { values: { path } });
  }
  return importConversation({ userId, file: parsed.data });
}

/**
 * A new conversation of the owner holding the branch that leads to `messageId` (that message and
 * its ancestors, traces included), with the same agent: "fork from here". 404 when the
 * conversation or the message is not the user's.
 */
export async function forkConversation({
  id,
  userId,
  messageId,
}: {
  id: string;
  userId: string;
  messageId: unknown;
}): Promise<{ id: string }> {
  const c = await getConversationWithMessages({ id, userId });
  const byId = new Map(c.messages.map((m) => [m.id, m]));
  const branch = [];
  for (let m = typeof messageId === "string" ? byId.get(messageId) : undefined; m; ) {
    branch.unshift(m);
    m = m.parentId ? byId.get(m.parentId) : undefined;
  }
  if (!branch.length) throw new AppError("not_found:message");
  return importConversation({ userId, file: toConversationFile(c.title, branch), agentId: c.agentId });
}
