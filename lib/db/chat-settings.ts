import "server-only";
import { getDb } from "./client";

/** The default life of a temporary chat, in hours, when the admin has set none. */
export const DEFAULT_TEMPORARY_CHAT_HOURS = 24;

export async function readTemporaryChatHours(): Promise<number> {
  const row = await getDb().chatSettings.findUnique({
    where: { id: 1 },
    select: { temporaryChatHours: true },
  });
  return row?.temporaryChatHours ?? DEFAULT_TEMPORARY_CHAT_HOURS;
}

export async function writeTemporaryChatHours(hours: number): Promise<void> {
  await getDb().chatSettings.upsert({
    where: { id: 1 },
    create: { id: 1, temporaryChatHours: hours },
    update: { temporaryChatHours: hours },
  });
}

/** Temporary chats whose time is over (oldest first, a batch at a time), with their owners. */
export function expiredTemporaryChats({ now, take }: { now: Date; take: number }) {
  return getDb().conversation.findMany({
    where: { expiresAt: { lte: now } },
    orderBy: { expiresAt: "asc" },
    take,
    select: { id: true, userId: true },
  });
}

/** When a conversation of the user's is temporary, the time it is deleted at (null: a normal one). */
export async function temporaryUntil({ id, userId }: { id: string; userId: string }): Promise<Date | null> {
  const row = await getDb().conversation.findFirst({ where: { id, userId }, select: { expiresAt: true } });
  return row?.expiresAt ?? null;
}

/** The admin's title model: an endpoint id and a model, or null (each agent's own model). */
export async function readTitleModel(): Promise<{ endpointId: string; model: string } | null> {
  const row = await getDb().chatSettings.findUnique({
    where: { id: 1 },
    select: { titleEndpointId: true, titleModel: true },
  });
  return row?.titleEndpointId && row.titleModel
    ? { endpointId: row.titleEndpointId, model: row.titleModel }
    : null;
}

export async function writeTitleModel(value: { endpointId: string; model: string } | null): Promise<void> {
  const data = { titleEndpointId: value?.endpointId ?? null, titleModel: value?.model ?? null };
  await getDb().chatSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}
