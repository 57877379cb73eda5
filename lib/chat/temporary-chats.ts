// Temporary chats: conversations out of the chat list and search, deleted (with their messages,
// runs, links and files) once their time is over. The deletion runs on the job engine: a pg-boss
// schedule wakes one worker among all processes every few minutes.
import "server-only";
import { z } from "zod";
import {
  expiredTemporaryChats,
  readTemporaryChatHours,
  writeTemporaryChatHours,
} from "@/lib/db/chat-settings";
import { deleteConversation } from "@/lib/db/conversations";
import { AppError, isAppError } from "@/lib/errors";
import { releasingConversationFiles } from "@/lib/files/cleanup";
import { getBoss } from "@/lib/jobs/boss";
import { stopConversationRuns } from "./run-control";

export const TEMPORARY_SWEEP_QUEUE = "temporary-chats-sweep";
/** Every five minutes: a chat is gone at most that long after its time. */
const SWEEP_CRON = "*/5 * * * *";
const BATCH = 200;

/** The admin's setting: from one hour to a year. */
export const temporaryHoursSchema = z.coerce
  .number()
  .int("field.temporary_hours")
  .min(1, "field.temporary_hours")
  .max(24 * 365, "field.temporary_hours");

export const temporaryChatHours = readTemporaryChatHours;

export async function setTemporaryChatHours(value: unknown): Promise<number> {
  const parsed = temporaryHoursSchema.safeParse(value);
  if (!parsed.success) throw new AppError("bad_request:temporary_hours");
  await writeTemporaryChatHours(parsed.data);
  return parsed.data;
}

/** Deletes the temporary chats whose time is over; returns how many. */
export async function sweepTemporaryChats({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  let deleted = 0;
  for (const chat of await expiredTemporaryChats({ now, take: BATCH })) {
    await stopConversationRuns({ conversationId: chat.id, userId: chat.userId });
    // Deleted by its user meanwhile: nothing left to do.
    await releasingConversationFiles(chat.id, () => deleteConversation(chat)).catch((err) => {
      if (!(isAppError(err) && err.code === "not_found:conversation")) throw err;
    });
    deleted++;
  }
  return deleted;
}

const g = globalThis as unknown as { __temporaryWorker?: Promise<void> };

/** Registers the schedule and this process's worker (once per process). */
export function startTemporaryChatSweeps(): Promise<void> {
  g.__temporaryWorker ??= (async () => {
    const boss = await getBoss();
    await boss.createQueue(TEMPORARY_SWEEP_QUEUE, { name: TEMPORARY_SWEEP_QUEUE, policy: "singleton" });
    await boss.schedule(TEMPORARY_SWEEP_QUEUE, SWEEP_CRON);
    await boss.work(TEMPORARY_SWEEP_QUEUE, async () => {
      await sweepTemporaryChats();
    });
  })().catch((err) => {
    g.__temporaryWorker = undefined;
    throw err;
  });
  return g.__temporaryWorker;
}

/** Forgets the registration (after stopBoss, so a new engine gets the worker again). */
export function forgetTemporaryChatSweeps() {
  g.__temporaryWorker = undefined;
}
