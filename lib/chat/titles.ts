// Generated titles: after a new conversation's first answer, a job asks a model for a short title
// (the admin's title model, else the agent's own endpoint and model) and writes it unless the user
// renamed the conversation. It runs on the job engine, never in the answer's way: any failure is
// logged and the first-message title stays. Its tokens go into the usage ledger under the answer's run.
import "server-only";
import { type AIMessageChunk, HumanMessage, SystemMessage } from "@langchain/core/messages";
import type PgBoss from "pg-boss";
import { z } from "zod";
import { callCost, tokensOf } from "@/lib/agents/cost";
import { messageText } from "@/lib/agents/messages";
import { readTitleModel, writeTitleModel } from "@/lib/db/chat-settings";
import { saveGeneratedTitle, titleSource } from "@/lib/db/conversation-titles";
import { readPricing } from "@/lib/db/prices";
import { listAllEndpoints } from "@/lib/endpoints/catalog";
import { resolveEndpointForUser } from "@/lib/endpoints/resolve";
import { AppError, isAppError } from "@/lib/errors";
import { getBoss } from "@/lib/jobs/boss";
import { pricesFor } from "@/lib/pricing";
import { createChatModel } from "@/lib/providers";
import { TITLE_PROMPT, titleRequest } from "@/lib/providers/title-prompt";
import { chargeModelCall } from "@/lib/quota";

export const TITLE_QUEUE = "conversation-titles";
const MAX_TITLE = 60;
const TITLE_TIMEOUT_MS = 30_000;

interface TitleJob {
  conversationId: string;
  runId: string;
  agentId: string;
}

/**
 * A model's reply as a title: its first line without a "Title:" label, quotes, Markdown marks or a
 * final full stop, at most 60 characters; null when nothing is left.
 */
export function cleanTitle(reply: string): string | null {
  const line =
    reply
      .replace(/<think>[\s\S]*?<\/think>/g, "")
      .split("\n")
      .map((l) => l.trim())
      .find(Boolean) ?? "";
  const text = line
    .replace(/^[#*_>\s]+|[*_]+$/g, "")
    .replace(/^(title|标题)\s*[:：]\s*/i, "")
    .replace(/^["'“”‘’「『《]+|["'“”‘’」』》]+$/g, "")
    .replace(/[.。!！]+$/u, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  const chars = [...text];
  return chars.length > MAX_TITLE
    ? `${chars
        .slice(0, MAX_TITLE - 1)
        .join("")
        .trimEnd()}…`
    : text;
}

/** The endpoint and model that write a title for this user: the admin's choice, else the agent's. */
async function titleTarget(userId: string, agent: { provider: string; model: string } | null) {
  const chosen = await readTitleModel();
  if (chosen) {
    try {
      return { ...chosen, endpoint: await resolveEndpointForUser({ id: chosen.endpointId, userId }) };
    } catch (err) {
      // An admin's endpoint this user may not use (or gone): the agent's own model writes it.
      if (!isAppError(err)) throw err;
    }
  }
  if (!agent) return null;
  return {
    endpointId: agent.provider,
    model: agent.model,
    endpoint: await resolveEndpointForUser({ id: agent.provider, userId }),
  };
}

/** Writes the title of a conversation after its first answer; exported for tests. */
export async function handleTitleJob(job: TitleJob): Promise<"written" | "skipped"> {
  const source = await titleSource(job);
  if (!source || source.renamed || !source.answered || !source.question.trim()) return "skipped";
  const target = await titleTarget(source.userId, source.agent);
  if (!target) return "skipped";
  const model = createChatModel({
    provider: target.endpoint.name,
    endpoint: target.endpoint,
    model: target.model,
    parameters: { maxOutputTokens: 60 },
    demoTokenDelayMs: 0,
  });
  // Streamed, as every model call: `invoke` on a streaming client makes LangChain count tokens with
  // tiktoken data it downloads (lib/agents/graph/summarize.ts), and nothing may reach beyond the endpoint.
  const stream = await model.stream(
    [new SystemMessage(TITLE_PROMPT), new HumanMessage(titleRequest(source.question, source.answer))],
    { signal: AbortSignal.timeout(TITLE_TIMEOUT_MS) },
  );
  let reply: AIMessageChunk | undefined;
  for await (const chunk of stream) reply = reply ? reply.concat(chunk) : chunk;
  if (!reply) return "skipped";
  const tokens = tokensOf(reply.usage_metadata);
  const { prices, currency } = await readPricing();
  const [priced] = pricesFor(
    [{ endpointId: target.endpointId, model: target.model }],
    prices,
    currency,
    new Date(),
  );
  await chargeModelCall({
    runId: job.runId,
    userId: source.userId,
    agentId: job.agentId,
    spanId: "title",
    depth: 0,
    ...tokens,
    model: target.model,
    endpointId: target.endpointId,
    cost: callCost(priced?.price, tokens),
  }).catch((err) => {
    // An empty balance refuses the next answer; the title itself is written.
    if (!(isAppError(err) && err.code.startsWith("limit:"))) throw err;
  });
  const title = cleanTitle(messageText(reply));
  if (!title) return "skipped";
  return (await saveGeneratedTitle({ id: job.conversationId, title })) ? "written" : "skipped";
}

const g = globalThis as unknown as {
  __titleWorker?: Promise<string>;
  /** The queue, created once per job engine (not a createQueue round trip per answer). */
  __titleQueue?: { boss: Promise<PgBoss>; ready: Promise<PgBoss> };
};

function ensureQueue(): Promise<PgBoss> {
  const boss = getBoss();
  if (g.__titleQueue?.boss !== boss) {
    const ready = boss.then(async (b) => {
      await b.createQueue(TITLE_QUEUE, { name: TITLE_QUEUE });
      return b;
    });
    g.__titleQueue = { boss, ready };
    ready.catch(() => {
      if (g.__titleQueue?.ready === ready) g.__titleQueue = undefined;
    });
  }
  return g.__titleQueue.ready;
}

/** Registers this process's title worker (once per process). */
export function startTitleWorkers(): Promise<string> {
  g.__titleWorker ??= (async () => {
    const boss = await ensureQueue();
    return boss.work<TitleJob>(TITLE_QUEUE, async ([job]) => {
      if (!job) return;
      // Never retried: a failed title costs nothing to keep, a retried one could be charged twice.
      await handleTitleJob(job.data).catch((err) =>
        console.error(
          JSON.stringify({
            level: "error",
            msg: "generating a conversation title failed",
            conversationId: job.data.conversationId,
            error: String(err),
          }),
        ),
      );
    });
  })().catch((err) => {
    g.__titleWorker = undefined;
    throw err;
  });
  return g.__titleWorker;
}

/** Forgets the registration (after stopBoss, so a new engine gets the worker again). */
export function forgetTitleWorkers() {
  g.__titleWorker = undefined;
}

/** Asks for a title after a new conversation's first answer; a failure to ask is only logged. */
export async function requestTitle(job: TitleJob): Promise<void> {
  try {
    const boss = await ensureQueue();
    await boss.send(TITLE_QUEUE, job, { singletonKey: job.conversationId, retryLimit: 0 });
    const worker = await g.__titleWorker?.catch(() => undefined);
    if (worker) boss.notifyWorker(worker);
  } catch (err) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "asking for a conversation title failed",
        conversationId: job.conversationId,
        error: String(err),
      }),
    );
  }
}

/** The admin's title model (Admin → Limits): both fields, or neither for each agent's own. */
export const titleModelSchema = z.union([
  z.strictObject({ endpointId: z.literal(""), model: z.literal("") }).transform(() => null),
  z.strictObject({
    endpointId: z.string().trim().min(1).max(200),
    model: z.string().trim().min(1).max(200),
  }),
]);

export const titleModel = readTitleModel;

export async function setTitleModel(value: unknown) {
  const parsed = titleModelSchema.safeParse(value);
  if (!parsed.success) throw new AppError("bad_request:title_model");
  const endpointId = parsed.data?.endpointId;
  if (endpointId && !(await listAllEndpoints()).some((e) => e.id === endpointId)) {
    throw new AppError("bad_request:title_model");
  }
  await writeTitleModel(parsed.data);
  return parsed.data;
}
