// Launching one answer, the one path of every caller (the browser's send, the Agents API):
// resolve its agents (limit errors surface here, before anything is written) → admit the turn →
// run it in the background, its events pumped into the live run, the database and the ledger.
import "server-only";
import { randomUUID } from "node:crypto";
import { createRun, SteeringInbox } from "@/lib/agents";
import { newRowId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { type WithAttachments, withFileContents } from "@/lib/files/send";
import { type EffectiveLimits, engineLimits } from "@/lib/quota";
import { backgroundHooks } from "@/lib/tasks/hooks";
import { admitTurn } from "./admit-turn";
import { modelCallCharges } from "./charges";
import type { LaunchInput } from "./launch-input";
import { type ChatMeta, type LiveRun, refuseWhileShuttingDown } from "./live-runs";
import { capOutputTokens, resolveAgents } from "./resolve-run";
import { runAnswer } from "./run-answer";
import { RunApprovals } from "./run-approvals";
import { engineRunInput } from "./run-input";
import { requestTitle } from "./titles";

function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || "New chat";
}

export async function launchRun(input: LaunchInput): Promise<LiveRun> {
  const { userId, limits, tree, conversation, prior, initialSummary, turn: asked, locale } = input;
  refuseWhileShuttingDown();
  // The conversation with file references (kept in a pause's checkpoint), and as the engine gets it.
  const conversationInput: WithAttachments[] = [
    ...prior.messages,
    { role: "user" as const, content: asked.userText, attachments: asked.userFiles },
  ];
  const history = await withFileContents(conversationInput);
  const { resolved, runTools, root } = await resolveAgents({
    userId,
    agents: capOutputTokens(tree.agents, input.maxOutputTokens),
    rootId: tree.rootId,
    modelFactory: input.modelFactory,
    locale,
  });
  if (!root) throw new AppError("not_found:agent", { key: "not_found.agent_gone" });

  const meta: ChatMeta = {
    type: "meta",
    runId: randomUUID(),
    conversationId: conversation?.id ?? newRowId(),
    userMessageId: asked.regenerateOf ?? newRowId(),
    assistantMessageId: newRowId(),
    agentId: tree.rootId,
    title: conversation?.title ?? titleFrom(asked.userText),
  };
  const { runId, conversationId } = meta;
  const { run, controller, steering, approvals, usageRows } = await createChatRun({
    meta,
    userId,
    limits,
    engineInput: { root, runTools, resolved, messages: history },
    initialSummary,
  });

  await admitTurn({
    run,
    userId,
    limits,
    meta,
    turn: {
      newConversation: conversation
        ? null
        : {
            title: meta.title,
            source: input.source,
            listed: input.listed,
            temporaryHours: input.temporaryHours,
          },
      userMessage: asked.regenerateOf ? null : { parentId: asked.parentId, content: asked.userText },
      userMessageId: meta.userMessageId,
    },
    newFiles: asked.newFiles,
  });

  // Which stored message each engine message is, so a summary can record what it covers.
  const historyIds = [...prior.ids, meta.userMessageId];
  return runAnswer({
    userId,
    meta,
    run,
    controller,
    steering,
    approvals,
    usageRows,
    // What resumes the run if it pauses for approvals (run-approvals.ts).
    checkpoint: {
      version: 1,
      meta,
      rootId: tree.rootId,
      agents: [...runTools.agents.values()],
      messages: conversationInput,
      initialSummary,
      historyIds,
      limits: engineLimits(limits),
      locale,
    },
    // A new conversation of the app gets a generated title after its first answer (./titles.ts).
    afterAnswer:
      !conversation && input.source === "chat"
        ? () => requestTitle({ conversationId, runId, agentId: tree.rootId })
        : undefined,
  });
}

/** The engine's run of a new answer, with the host's hooks: charges, approvals, Steer, background tasks. */
async function createChatRun({
  meta,
  userId,
  limits,
  engineInput,
  initialSummary,
}: {
  meta: ChatMeta;
  userId: string;
  limits: EffectiveLimits;
  engineInput: Pick<Parameters<typeof engineRunInput>[0], "root" | "runTools" | "resolved" | "messages">;
  initialSummary?: string;
}) {
  const { runId } = meta;
  const controller = new AbortController();
  const charges = modelCallCharges({ runId, userId, limits });
  const approvals = new RunApprovals({ runId, userId });
  // Messages the user sends while it runs (Steer), for the root agent.
  const steering = new SteeringInbox();
  // Limit errors (depth, config count) are typed with a code; the route maps them to a response.
  const run = await createRun({
    ...(await engineRunInput({
      ...engineInput,
      runId,
      signal: controller.signal,
      limits,
      onModelCallEnd: charges.onModelCallEnd,
    })),
    initialSummary,
    steering,
    approvals: approvals.hooks,
    background: backgroundHooks({
      userId,
      conversationId: meta.conversationId,
      parentRunId: runId,
      parentMessageId: meta.assistantMessageId,
      limits,
    }),
  });
  return { run, controller, steering, approvals, usageRows: charges.usageRows };
}
