import "server-only";
import { randomUUID } from "node:crypto";
import {
  type AgentRun,
  applyEvent,
  createRun,
  type MessageTree,
  type ModelFactory,
  type RunEvent,
  reduceEvents,
  rootText,
  SteeringInbox,
} from "@/lib/agents";
import { addUsage, emptyUsage, MESSAGE_STATUS, RUN_STATUS } from "@/lib/chat/answer-usage";
import { type AgentTree, loadAgentTree } from "@/lib/db/agents-tree";
import {
  type ConversationSource,
  getConversationWithMessages,
  type MessageUsage,
  type StoredMessage,
  saveAnswer,
  type UsageRow,
} from "@/lib/db/conversations";
import { newRowId } from "@/lib/db/ids";
import { clearCheckpoint } from "@/lib/db/tool-approvals";
import type { PublicUser } from "@/lib/db/users";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import {
  filesToSend,
  linkSentFiles,
  type SendFile,
  type WithAttachments,
  withFileContents,
} from "@/lib/files/send";
import { issueText } from "@/lib/http/zod-fields";
import type { Locale } from "@/lib/i18n/locales";
import { observeRun } from "@/lib/ops/observe-run";
import { admitRun, type EffectiveLimits, engineLimits, getLimitsForUser, INTERRUPTED } from "@/lib/quota";
import { ensureProcessLease, holdRun, processLeaseId, releaseRun } from "@/lib/quota/process-lease";
import { backgroundHooks } from "@/lib/tasks/hooks";
import { retryWithBackoff } from "@/lib/util/retry";
import { type PauseTarget, RunApprovals } from "./approvals";
import { logRetry, modelCallCharges } from "./charges";
import { applyStoredSummary, pathTo, type StoredSummary, toEngineHistory } from "./history";
import {
  acceptingRuns,
  finish,
  isServerShutdown,
  type LiveRun,
  liveRunCount,
  publish,
  registerRun,
} from "./live-runs";
import { resolveRunModels } from "./models";
import { handleRelayedSignals } from "./run-control";
import { engineRunInput } from "./run-input";
import { temporaryChatHours } from "./temporary-chats";
import { testModelFactory } from "./test-hooks";
import { requestTitle } from "./titles";
import { resolveRunTools } from "./tools";
import { chatRequestSchema } from "./validation";

// While a run streams, its message is saved at most this often so another process (or a crash)
// still has recent content; the final save happens when the run ends. A process running many
// answers at once saves each less often, so that together they make at most
// PARTIAL_SAVES_PER_SECOND saves a second (200 answers: each every 5 s): under load these writes
// of whole trees would otherwise grow with the number of answers times their length.
const SAVE_EVERY_MS = 1500;
const PARTIAL_SAVES_PER_SECOND = 40;

/** How long an answer waits between partial saves while `running` answers stream in this process. */
function partialSaveInterval(running: number): number {
  return Math.max(SAVE_EVERY_MS, (running * 1000) / PARTIAL_SAVES_PER_SECOND);
}

function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || "New chat";
}

/**
 * Starts one assistant answer from the browser: validate → conversation ownership → limits → agent
 * access and its whole subagent tree → the branch's history → launchRun.
 * The returned live run is followed by the SSE response, a reload, or nobody at all.
 */
export async function startChat({
  user,
  body,
  modelFactory,
  locale,
}: {
  user: PublicUser;
  body: unknown;
  modelFactory?: ModelFactory;
  /** The request's language (the demo model answers in it, a resumed run too). */
  locale?: Locale;
}): Promise<LiveRun> {
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issueText(issue);
    throw new AppError("bad_request:chat", {
      ...message,
      fields: { [String(issue?.path[0] ?? "body")]: message },
    });
  }
  const req = parsed.data;
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

  // History of the branch this message continues.
  const stored = conversation?.messages ?? [];
  let parentId: string | null;
  let userText: string;
  let regenerateOf: string | undefined;
  let newFiles: SendFile[] = [];
  let userFiles: StoredMessage["attachments"] = [];
  if (req.regenerateMessageId) {
    const target = stored.find((m) => m.id === req.regenerateMessageId && m.role === "USER");
    if (!target) throw new AppError("bad_request:chat", { key: "bad_request.chat_regenerate_foreign" });
    parentId = target.parentId;
    userText = target.content;
    regenerateOf = target.id;
    userFiles = target.attachments;
  } else {
    parentId = req.parentMessageId === undefined ? (stored.at(-1)?.id ?? null) : req.parentMessageId;
    if (parentId && !stored.some((m) => m.id === parentId)) {
      throw new AppError("bad_request:chat", { key: "bad_request.chat_parent_foreign" });
    }
    userText = req.text as string;
    newFiles = await filesToSend({
      userId: user.id,
      fileIds: req.fileIds ?? [],
      maxPerMessage: limits.maxFilesPerMessage,
    });
    userFiles = newFiles;
  }
  const { initialSummary, rest } = applyStoredSummary(pathTo(stored, parentId));
  return launchRun({
    userId: user.id,
    limits,
    tree,
    conversation: conversation ? { id: conversation.id, title: conversation.title } : null,
    source: "chat",
    temporaryHours: req.temporary && !conversation ? await temporaryChatHours() : undefined,
    prior: toEngineHistory(rest),
    initialSummary,
    turn: { parentId, userText, regenerateOf, newFiles, userFiles },
    modelFactory,
    locale,
  });
}

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

/**
 * Launches one answer, the one path of every caller: build the run (limit errors surface here,
 * before anything is written) → persist the turn → admit it (the user's rate, concurrency and
 * balance rules, atomically, lib/quota/admission.ts) → run in the background, its events pumped
 * into the live run, the database and the usage ledger.
 */
export async function launchRun(input: LaunchInput): Promise<LiveRun> {
  const { userId, limits, tree, conversation, prior, initialSummary, turn: asked, locale } = input;
  refuseWhileShuttingDown();
  // The conversation with file references (kept in a pause's checkpoint), and as the engine gets it.
  const conversationInput: WithAttachments[] = [
    ...prior.messages,
    { role: "user" as const, content: asked.userText, attachments: asked.userFiles },
  ];
  const history = await withFileContents(conversationInput);

  const resolved = await resolveRunModels({
    userId,
    agents: capOutputTokens(tree.agents, input.maxOutputTokens),
    override: input.modelFactory ?? testModelFactory(),
    locale,
  });
  // MCP tools for this user; a tool that is gone becomes a notice in the chat.
  const runTools = await resolveRunTools({ userId, agents: resolved.agents });
  const root = runTools.agents.get(tree.rootId);
  if (!root) throw new AppError("not_found:agent", { key: "not_found.agent_gone" });

  const controller = new AbortController();
  const runId = randomUUID();
  const charges = modelCallCharges({ runId, userId, limits });
  const approvals = new RunApprovals({ runId, userId });
  const conversationId = conversation?.id ?? newRowId();
  const turn = {
    userMessageId: asked.regenerateOf ?? newRowId(),
    assistantMessageId: newRowId(),
  };
  // Limit errors (depth, config count) are typed with a code; the route maps them to a response.
  // Messages the user sends while it runs (Steer), for the root agent.
  const steering = new SteeringInbox();
  const run = await createRun({
    ...(await engineRunInput({
      runId,
      root,
      runTools,
      resolved,
      messages: history,
      signal: controller.signal,
      limits,
      onModelCallEnd: charges.onModelCallEnd,
    })),
    initialSummary,
    steering,
    approvals: approvals.hooks,
    background: backgroundHooks({
      userId,
      conversationId,
      parentRunId: runId,
      parentMessageId: turn.assistantMessageId,
      limits,
    }),
  });

  // The turn is written with the run, in one statement under the admission lock: a refused or
  // failed send leaves no conversation, message or run behind.
  const title = conversation?.title ?? titleFrom(asked.userText);
  let admitted = false;
  try {
    // The run is recorded as this process's (its lease); held from here so the lease's own sweep
    // never takes it for an orphan.
    holdRun(runId);
    await ensureProcessLease();
    refuseWhileShuttingDown();
    const admission = await admitRun({
      runId,
      userId,
      conversationId,
      assistantMessageId: turn.assistantMessageId,
      agentId: tree.rootId,
      processId: processLeaseId(),
      quota: limits,
      turn: {
        newConversation: conversation
          ? null
          : { title, source: input.source, listed: input.listed, temporaryHours: input.temporaryHours },
        userMessage: asked.regenerateOf ? null : { parentId: asked.parentId, content: asked.userText },
        userMessageId: turn.userMessageId,
      },
    });
    admitted = true;
    // The answer's share of the user's money budgets (lib/quota/budget.ts), enforced by the engine.
    if (admission.answerBudget !== null) run.capCost(admission.answerBudget);
    await linkSentFiles({
      userId,
      conversationId,
      messageId: turn.userMessageId,
      files: asked.newFiles,
    });
  } catch (err) {
    // Admitted, then attaching the files failed: the turn is stored. Its answer ends as failed now
    // (it can be regenerated, the run's slot is free) instead of running for nobody until the
    // lease sweep noticed.
    if (admitted) await failBeforeStart({ runId, assistantMessageId: turn.assistantMessageId });
    releaseRun(runId);
    throw err;
  }

  const meta = {
    type: "meta" as const,
    runId,
    conversationId,
    userMessageId: turn.userMessageId,
    assistantMessageId: turn.assistantMessageId,
    agentId: tree.rootId,
    title,
  };
  const live = registerRun({
    userId,
    abort: (reason) => controller.abort(reason),
    steer: (text) => steering.push(text),
    meta,
  });
  // Stops and decisions that reach another app process arrive here through the live run bus.
  handleRelayedSignals();
  const historyIds = [...prior.ids, turn.userMessageId];
  void pump({
    live,
    run,
    signal: controller.signal,
    assistantMessageId: turn.assistantMessageId,
    runId,
    usageRows: charges.usageRows,
    // A new conversation of the app gets a generated title after its first answer (lib/chat/titles.ts).
    afterAnswer:
      !conversation && input.source === "chat"
        ? () => requestTitle({ conversationId, runId, agentId: tree.rootId })
        : undefined,
    // Which stored message each engine message is, so a summary can record what it covers.
    historyIds,
    approvals,
    // What resumes the run if it pauses for approvals (lib/chat/approvals.ts).
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
  });
  return live;
}

/** The tree's agents with each model call's output capped at `cap` (the agents as they are without one). */
function capOutputTokens(agents: AgentTree["agents"], cap: number | undefined): AgentTree["agents"] {
  if (!cap) return agents;
  const capped: AgentTree["agents"] = new Map();
  for (const [id, agent] of agents) {
    const own = agent.parameters?.maxOutputTokens;
    const maxOutputTokens = typeof own === "number" && own > 0 ? Math.min(own, cap) : cap;
    capped.set(id, { ...agent, parameters: { ...agent.parameters, maxOutputTokens } });
  }
  return capped;
}

/** Ends a stored turn whose run could not start: its answer failed, its run closed. */
async function failBeforeStart({ runId, assistantMessageId }: { runId: string; assistantMessageId: string }) {
  const tree = reduceEvents([]);
  tree.status = "failed";
  await saveAnswer({
    id: assistantMessageId,
    content: "",
    parts: tree,
    status: "FAILED",
    // Background work (no request language): stored in English, DEFAULT_LOCALE.
    error: {
      code: "internal",
      message: new AppError("internal", { key: "internal.files_not_attached" }).message,
    },
    usage: emptyUsage(),
    usageRows: [],
    close: { runId, status: "FAILED" },
  }).catch((err) =>
    console.error(
      JSON.stringify({
        level: "error",
        msg: "ending a run that could not start failed",
        runId,
        error: String(err),
      }),
    ),
  );
}

function refuseWhileShuttingDown() {
  if (!acceptingRuns()) throw new AppError("unavailable:shutting_down", { retryAfter: 5 });
}

const UNEXPECTED_END = { code: "internal", message: "The run ended unexpectedly." };

/**
 * Drains the engine's events into the live run and the database, whatever happens to the client.
 * A run that pauses for approvals is stored by `approvals` and suspended: the pump then ends
 * without closing the run. A resumed run continues `base`, the answer stored when it paused.
 */
export async function pump({
  live,
  run,
  signal,
  assistantMessageId,
  runId,
  usageRows,
  historyIds,
  approvals,
  checkpoint,
  base,
  afterAnswer,
}: {
  live: LiveRun;
  run: AgentRun;
  signal: AbortSignal;
  assistantMessageId: string;
  runId: string;
  /** Ledger rows of model calls not saved yet (balances off): written with the next save. */
  usageRows: UsageRow[];
  historyIds: string[];
  approvals: RunApprovals;
  checkpoint: PauseTarget["checkpoint"];
  base?: { tree: MessageTree; usage: MessageUsage };
  /** Called once the answer is stored as complete (not awaited: it never delays the run's end). */
  afterAnswer?: () => Promise<void>;
}) {
  // The answer as it stands, kept up to date event by event with the browser's rule (applyEvent),
  // so a save costs its own serialisation, not a replay of every event so far. Saves serialise it
  // at once (saveAnswer stringifies when called), so a tree that keeps growing is never half-written.
  const tree: MessageTree & StoredSummary = base ? structuredClone(base.tree) : reduceEvents([]);
  const usage = base ? { ...base.usage } : emptyUsage();
  let summarized = false;
  let end: Extract<RunEvent, { type: "run_end" }> | undefined;
  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const snapshot = () => ({ content: rootText(tree), parts: tree, usage: { ...usage } });
  // Saves while streaming are best effort (the next one or the final save supersedes a lost one;
  // usage rows of a lost save go with the next).
  const savePartial = () => {
    saving = saving.then(async () => {
      const rows = usageRows.splice(0);
      try {
        await saveAnswer({ id: assistantMessageId, ...snapshot(), status: "STREAMING", usageRows: rows });
      } catch (err) {
        usageRows.unshift(...rows);
        console.error(
          JSON.stringify({
            level: "error",
            msg: "saving assistant message failed",
            runId,
            error: String(err),
          }),
        );
      }
    });
  };

  approvals.bind({
    checkpoint,
    // Pausing stores the answer as it stands, after the pending save and with the usage rows
    // not written yet (the ledger must not wait for a decision that may never come).
    message: async () => {
      await saving;
      const rows = usageRows.splice(0);
      if (rows.length)
        await saveAnswer({
          id: assistantMessageId,
          ...snapshot(),
          status: "STREAMING",
          usageRows: rows,
        }).catch((err) => {
          usageRows.unshift(...rows);
          throw err;
        });
      // Kept by the caller after this returns: a copy, not the tree the run would go on changing.
      return { id: assistantMessageId, ...structuredClone(snapshot()) };
    },
    suspend: () => run.suspend(),
  });
  // Traces and metrics for operators; undefined (no work per event) when both are off.
  const observer = observeRun({
    runId,
    agents: checkpoint.agents,
    rootId: checkpoint.rootId,
    resumed: !!base,
  });
  // Each event as the engine emits it (no queue, no promise per event): kept for the saves,
  // published to the live run's followers and the run bus, seen by the observer.
  const result = await run.consume((event) => {
    applyEvent(tree, event);
    if (event.type === "usage") addUsage(usage, event);
    else if (event.type === "run_end") end = event;
    else if (event.type === "summary" && !summarized) {
      // The run's first summary says which stored message it covers up to.
      summarized = true;
      // (Messages a caller sent but that are not stored, "" here, cannot be pointed at.)
      const upTo = event.summarizedMessages > 0 ? historyIds[event.summarizedMessages - 1] : "";
      if (upTo) tree.summaryUpTo = upTo;
    }
    publish(live, event);
    observer?.event(event);
    const now = Date.now();
    if (now - lastSave > SAVE_EVERY_MS && now - lastSave > partialSaveInterval(liveRunCount())) {
      lastSave = now;
      savePartial();
    }
  });
  approvals.close();
  if (result.status === "paused") {
    // Stored as PAUSED (approvals.ts): no slot, no process; a decision resumes it from the database.
    releaseRun(runId);
    finish(live);
    observer?.end("PAUSED");
    return;
  }

  // The end: the answer as it stands, the usage rows not saved yet and the end of the run, in one
  // statement retried with backoff while the database is unreachable (RUN_FINAL_SAVE_RETRY_SECONDS):
  // the user's concurrent-run slot is never freed with the answer lost.
  const shutdown = signal.aborted && isServerShutdown(signal.reason);
  const message = shutdown
    ? { status: "INTERRUPTED" as const, error: { ...INTERRUPTED } }
    : end
      ? { status: MESSAGE_STATUS[end.status], error: end.error ?? null }
      : { status: "FAILED" as const, error: UNEXPECTED_END };
  const runStatus = shutdown ? ("INTERRUPTED" as const) : end ? RUN_STATUS[end.status] : ("FAILED" as const);
  observer?.end(runStatus);
  const finalSnapshot = snapshot();
  await saving;
  // One budget for the whole end.
  const deadline = Date.now() + env().RUN_FINAL_SAVE_RETRY_SECONDS * 1000;
  const retrying = (what: string, fn: () => Promise<void>) => {
    let attempts = 0;
    return retryWithBackoff(
      () => {
        attempts++;
        return fn();
      },
      {
        budgetMs: Math.max(0, deadline - Date.now()),
        onRetry: (err, attempt, delayMs) =>
          logRetry(`${what} failed, retrying`, runId, err, attempt, delayMs),
      },
    ).then(() => {
      if (attempts > 1)
        console.log(JSON.stringify({ level: "info", msg: `${what} succeeded`, runId, attempts }));
    });
  };
  try {
    // One statement: the answer, the remaining usage rows and the end of the run, all or nothing.
    await retrying("saving the final answer", () =>
      saveAnswer({
        id: assistantMessageId,
        ...finalSnapshot,
        ...message,
        usageRows,
        close: { runId, status: runStatus },
      }),
    );
    if (base) await clearCheckpoint({ runId }).catch(() => {});
    if (message.status === "COMPLETE") void afterAnswer?.();
  } catch (err) {
    // Given up: the run stays RUNNING in the database; this process's lease sweep interrupts it
    // (keeping the last saved content) once the database is back, since the run is no longer held.
    console.error(
      JSON.stringify({
        level: "error",
        msg: "ending the run gave up; the answer may be lost beyond its last saved part",
        runId,
        chars: finalSnapshot.content.length,
        error: String(err),
      }),
    );
  } finally {
    releaseRun(runId);
    finish(live);
  }
}
