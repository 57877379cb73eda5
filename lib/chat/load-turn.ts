// The load step of a send from the browser: the request checked, the conversation (the user's own),
// the user's limits, the agent with its whole subagent tree (their right to it checked) and the
// history of the branch the message continues.
import "server-only";
import type { z } from "zod";
import type { ModelFactory } from "@/lib/agents";
import { loadAgentTree } from "@/lib/db/agents-tree";
import { getConversationWithMessages, type StoredMessage } from "@/lib/db/conversations";
import type { PublicUser } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { filesToSend } from "@/lib/files/send";
import type { Locale } from "@/lib/i18n/locales";
import { getLimitsForUser } from "@/lib/quota";
import { applyStoredSummary, pathTo, toEngineHistory } from "./history";
import type { LaunchInput } from "./launch-input";
import { refuseWhileShuttingDown } from "./live-runs";
import { temporaryChatHours } from "./temporary-chats";
import { chatRequestSchema, parseChatBody } from "./validation";

type ChatRequest = z.infer<typeof chatRequestSchema>;

export async function loadTurn({
  user,
  body,
  modelFactory,
  locale,
}: {
  user: PublicUser;
  body: unknown;
  modelFactory?: ModelFactory;
  locale?: Locale;
}): Promise<LaunchInput> {
  const req = parseChatRequest(body);
  refuseWhileShuttingDown();
  // The conversation with its messages (one query) and the user's limits (one query), together.
  const [conversation, limits] = await Promise.all([
    req.conversationId ? getConversationWithMessages({ id: req.conversationId, userId: user.id }) : null,
    getLimitsForUser({ userId: user.id }),
  ]);
  const tree = await loadAgentTree({
    rootId: req.agentId,
    userId: user.id,
    maxDepth: limits.maxSubagentDepth,
  });
  const stored = conversation?.messages ?? [];
  const turn = await branchTurn({ req, stored, userId: user.id, maxFiles: limits.maxFilesPerMessage });
  const { initialSummary, rest } = applyStoredSummary(pathTo(stored, turn.parentId));
  return {
    userId: user.id,
    limits,
    tree,
    conversation: conversation ? { id: conversation.id, title: conversation.title } : null,
    source: "chat",
    temporaryHours: req.temporary && !conversation ? await temporaryChatHours() : undefined,
    prior: toEngineHistory(rest),
    initialSummary,
    turn,
    modelFactory,
    locale,
  };
}

function parseChatRequest(body: unknown): ChatRequest {
  return parseChatBody(chatRequestSchema, body);
}

/** The turn the request asks for: a new message after `parentMessageId` (default: the last), or a stored one answered again. */
async function branchTurn({
  req,
  stored,
  userId,
  maxFiles,
}: {
  req: ChatRequest;
  stored: StoredMessage[];
  userId: string;
  maxFiles: number;
}): Promise<LaunchInput["turn"]> {
  if (req.regenerateMessageId) {
    const target = stored.find((m) => m.id === req.regenerateMessageId && m.role === "USER");
    if (!target) throw new AppError("bad_request:chat", { key: "bad_request.chat_regenerate_foreign" });
    return {
      parentId: target.parentId,
      userText: target.content,
      regenerateOf: target.id,
      newFiles: [],
      userFiles: target.attachments,
    };
  }
  const parentId = req.parentMessageId === undefined ? (stored.at(-1)?.id ?? null) : req.parentMessageId;
  if (parentId && !stored.some((m) => m.id === parentId)) {
    throw new AppError("bad_request:chat", { key: "bad_request.chat_parent_foreign" });
  }
  const newFiles = await filesToSend({ userId, fileIds: req.fileIds ?? [], maxPerMessage: maxFiles });
  return { parentId, userText: req.text as string, newFiles, userFiles: newFiles };
}
