import "server-only";
import type { MessageTree } from "@/lib/agents";
import { decideApproval } from "@/lib/chat/decide-approval";
import type { ChatMeta } from "@/lib/chat/live-runs";
import type { RunFeed } from "@/lib/chat/run-bus";
import { followRun } from "@/lib/chat/run-control";
import { messageParts } from "@/lib/db/tool-approvals";
import { AppError } from "@/lib/errors";
import { chatDecisionOf, parseApprovalDecision } from "./approval-schema";
import type { ApiCaller } from "./authenticate";
import { completionOf, runFailure } from "./completion";
import type { ChatCompletion } from "./response-schemas";

// POST /v1/approvals/{id}: decides a tool call that waits for the key's user, through the chat's
// own decision (lib/chat/decide-approval.ts decideApproval: the same durable record, the same resume from
// the stored checkpoint, in whichever process), then answers the rest of the run as a
// chat.completion once it has ended or paused again (then finish_reason "requires_action" again).

/** Resolves when the feed has ended (the run ended or paused; its answer is stored by then). */
function ended(feed: RunFeed): Promise<void> {
  if (feed.done) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = (item: unknown) => {
      if (item !== null) return;
      feed.listeners.delete(listener);
      resolve();
    };
    feed.listeners.add(listener);
  });
}

export async function decideApiApproval({
  caller,
  approvalId,
  body,
}: {
  caller: ApiCaller;
  approvalId: string;
  body: unknown;
}): Promise<ChatCompletion> {
  const decision = parseApprovalDecision(body);
  const userId = caller.user.id;
  // 404 for another user's approval (or none), 409 when already decided or too late.
  const outcome = await decideApproval({ userId, approvalId, body: chatDecisionOf(decision) });
  const feed = await followRun({ runId: outcome.runId, userId });
  try {
    await ended(feed);
  } finally {
    feed.close?.();
  }
  const meta = feed.items[0] as ChatMeta;
  const stored = await messageParts({ id: meta.assistantMessageId });
  if (!stored?.parts) throw new AppError("not_found:run");
  const tree = stored.parts as unknown as MessageTree;
  const failure = runFailure(tree);
  if (failure) throw failure;
  return completionOf(meta, tree, Math.floor(Date.now() / 1000));
}
