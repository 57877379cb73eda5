// The agent service: every create, update, copy and restore of an agent is validated here (form
// schema, access to the listed agents, endpoint, tools, the expanded tree against the user's
// limits) and only then written by lib/db. Nothing is written when validation throws.
import "server-only";
import { type AgentDetail, getAgent, requireOwnedAgent } from "@/lib/db/agents";
import { existingUserIds } from "@/lib/db/agents-users";
import { insertAgent, readAgentVersion, writeAgent } from "@/lib/db/agents-write";
import { isForeignKeyViolation } from "@/lib/db/client";
import { AppError, text } from "@/lib/errors";
import { assertShareAllowed } from "@/lib/evals/share-gate";
import type { AgentData } from "./schema";
import { checkAgentData, validateAgentInput } from "./validate";

/** A child deleted between validation and the write surfaces as a foreign-key error. */
async function written<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    const message = text("bad_request.subagent_deleted");
    throw new AppError("bad_request:subagent_not_found", { ...message, fields: { subagents: message } });
  }
}

/** Validates and creates an agent (version 1). */
export async function createAgent({
  userId,
  input,
}: {
  userId: string;
  input: unknown;
}): Promise<AgentDetail> {
  const data = await validateAgentInput({ userId, input });
  const id = await written(insertAgent({ userId, data }));
  return getAgent({ id, userId });
}

/** Validates and saves the owner's agent as a new version. */
export async function updateAgent({
  id,
  userId,
  input,
}: {
  id: string;
  userId: string;
  input: unknown;
}): Promise<AgentDetail> {
  await requireOwnedAgent({ id, userId });
  const data = await validateAgentInput({ userId, agentId: id, input });
  await assertShareAllowed({ agentId: id, data });
  await written(writeAgent({ id, userId, data }));
  return getAgent({ id, userId });
}

/** A private copy, owned by the user, of an agent they may view. Links they can't view are left out. */
export async function duplicateAgent({ id, userId }: { id: string; userId: string }): Promise<AgentDetail> {
  const source = await getAgent({ id, userId });
  const { shareEmails: _shares, ...draft } = source.draft;
  const data = {
    ...draft,
    name: `Copy of ${draft.name}`.slice(0, 80),
    visibility: "private",
    shareUserIds: [],
    subagents: { ...draft.subagents, children: draft.subagents.children.filter((c) => c.id in source.names) },
    handoffs: draft.handoffs.filter((h) => h.to in source.names),
  } as AgentData;
  await checkAgentData({ userId, data });
  const copyId = await written(insertAgent({ userId, data }));
  return getAgent({ id: copyId, userId });
}

/** Saves an old version's snapshot as a new version (after the same checks as a save). */
export async function restoreAgentVersion({
  id,
  userId,
  version,
}: {
  id: string;
  userId: string;
  version: number;
}): Promise<AgentDetail> {
  await requireOwnedAgent({ id, userId });
  const snapshot = await readAgentVersion({ id, version });
  // Accounts deleted since then can't be shared with any more.
  const shareUserIds = await existingUserIds({ ids: snapshot.shareUserIds ?? [] });
  const data = { ...snapshot, shareUserIds } as AgentData;
  await checkAgentData({ userId, agentId: id, data });
  await assertShareAllowed({ agentId: id, data });
  await written(writeAgent({ id, userId, data }));
  return getAgent({ id, userId });
}
