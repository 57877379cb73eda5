import "server-only";
import type { ChatAgent, ChatMessage } from "@/components/chat/types";
import { listUsableAgents } from "@/lib/db/agents";
import { getDb } from "@/lib/db/client";
import type { StoredMessage } from "@/lib/db/conversations";
import { DEMO_ENDPOINT_ID } from "@/lib/providers";

/** Agents the user may chat with, for the picker (own first). */
export async function chatAgents({ userId }: { userId: string }): Promise<ChatAgent[]> {
  const agents = await listUsableAgents({ userId });
  const models = await getDb().agent.findMany({
    where: { id: { in: agents.map((a) => a.id) } },
    select: { id: true, provider: true, model: true },
  });
  const modelOf = new Map(models.map((m) => [m.id, m]));
  return agents
    .map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      subagentsEnabled: a.subagentsEnabled,
      childCount: a.childCount,
      model: modelOf.get(a.id)?.model ?? "",
      isDemo: modelOf.get(a.id)?.provider === DEMO_ENDPOINT_ID,
      owned: a.isOwner,
    }))
    .sort(
      (x, y) => Number(y.owned) - Number(x.owned) || Number(y.subagentsEnabled) - Number(x.subagentsEnabled),
    );
}

export function toChatMessage(m: StoredMessage): ChatMessage {
  return { ...m, createdAt: m.createdAt.toISOString() };
}
