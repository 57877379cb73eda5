import "server-only";
import type { ChatAgent, ChatMessage } from "@/components/chat/types";
import { type AgentSummary, listUsableAgents } from "@/lib/db/agents";
import type { StoredMessage } from "@/lib/db/conversations";
import { DEMO_ENDPOINT_ID } from "@/lib/providers";
import { ensureStarterAgents } from "./starter-agents";

function toChatAgent(a: AgentSummary): ChatAgent {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    subagentsEnabled: a.subagentsEnabled,
    childCount: a.childCount,
    model: a.model,
    isDemo: a.provider === DEMO_ENDPOINT_ID,
    owned: a.isOwner,
  };
}

/**
 * Agents the user may chat with, for the picker (own first). `withStarterTeam`: a newcomer's
 * first visit creates the starter team (only looked into when the user owns no agent).
 */
export async function chatAgents({
  userId,
  withStarterTeam = false,
}: {
  userId: string;
  withStarterTeam?: boolean;
}): Promise<ChatAgent[]> {
  let agents = await listUsableAgents({ userId });
  if (withStarterTeam && !agents.some((a) => a.isOwner) && (await ensureStarterAgents({ userId }))) {
    agents = await listUsableAgents({ userId });
  }
  return agents
    .map(toChatAgent)
    .sort(
      (x, y) => Number(y.owned) - Number(x.owned) || Number(y.subagentsEnabled) - Number(x.subagentsEnabled),
    );
}

export function toChatMessage(m: StoredMessage): ChatMessage {
  return { ...m, createdAt: m.createdAt.toISOString() };
}
