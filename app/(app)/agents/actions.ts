"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, runAction, succeeded } from "@/lib/action-result";
import { requireUser } from "@/lib/auth/session";
import { createAgent, duplicateAgent, restoreAgentVersion, updateAgent } from "@/lib/builder/agents";
import { parsePreviewInput, previewTree, type TreeVerdict } from "@/lib/builder/draft-tree";
import { currentLimits } from "@/lib/builder/limits";
import { checkShareEmails, SHARE_CHECK_MAX, type ShareCheck } from "@/lib/builder/share-check";
import { deleteAgent, getAgent, listAgentParents } from "@/lib/db/agents";
import { readPricing } from "@/lib/db/prices";
import { AppError } from "@/lib/errors";
import { requestErrorLocale } from "@/lib/http/error-body";

// Every action authenticates itself and leaves ownership checks to the agent service and lib/db
// (owner-only writes). Errors come back as values (code, message, field messages) so the form can
// show them in place.

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError("bad_request");
  return r.data;
}

const idSchema = z.string().min(1).max(100);
const idInput = z.object({ id: idSchema });
const saveInput = z.object({ id: idSchema.optional(), draft: z.unknown() });

/** Creates (no id) or updates an agent from the form's state. */
export async function saveAgentAction(input: {
  id?: string;
  draft: unknown;
}): Promise<ActionResult<{ id: string; version: number }>> {
  return runAction(async () => {
    const user = await requireUser();
    const { id, draft } = parse(saveInput, input);
    const agent = id
      ? await updateAgent({ id, userId: user.id, input: draft })
      : await createAgent({ userId: user.id, input: draft });
    revalidatePath("/agents");
    revalidatePath(`/agents/${agent.id}`);
    return succeeded({ id: agent.id, version: agent.version });
  }, input);
}

/** The expanded subagent tree of the form's current (unsaved) state, from the engine. */
export async function previewAgentAction(input: {
  id?: string;
  draft: unknown;
}): Promise<ActionResult<{ preview: TreeVerdict }>> {
  return runAction(async () => {
    const user = await requireUser();
    const { id, draft } = parse(saveInput, input);
    if (id) await getAgent({ id, userId: user.id }); // 404 unless the user may view it
    const preview = await previewTree({
      userId: user.id,
      agentId: id,
      data: parsePreviewInput(draft),
      limits: await currentLimits(user.id),
      locale: await requestErrorLocale(),
      pricing: await readPricing(),
    });
    return succeeded({ preview });
  }, input);
}

export async function duplicateAgentAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const user = await requireUser();
    const copy = await duplicateAgent({ id: parse(idInput, input).id, userId: user.id });
    revalidatePath("/agents");
    return succeeded({ id: copy.id });
  }, input);
}

export interface AgentParents {
  parents: { id: string; name: string }[];
  others: number;
}

/** For the delete confirmation: the agents that use this one as a subagent. */
export async function agentParentsAction(input: { id: string }): Promise<ActionResult<AgentParents>> {
  return runAction(async () => {
    const user = await requireUser();
    return succeeded(await listAgentParents({ id: parse(idInput, input).id, userId: user.id }));
  }, input);
}

export interface DeletedAgent {
  removedFrom: { id: string; name: string }[];
  others: number;
}

export async function deleteAgentAction(input: { id: string }): Promise<ActionResult<DeletedAgent>> {
  return runAction(async () => {
    const user = await requireUser();
    const result = await deleteAgent({ id: parse(idInput, input).id, userId: user.id });
    revalidatePath("/agents");
    return succeeded(result);
  }, input);
}

export async function restoreVersionAction(input: {
  id: string;
  version: number;
}): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const user = await requireUser();
    const { id, version } = parse(idInput.extend({ version: z.number().int().min(1) }), input);
    const agent = await restoreAgentVersion({ id, userId: user.id, version });
    revalidatePath(`/agents/${agent.id}`);
    return succeeded({ version: agent.version });
  }, input);
}

const shareCheckInput = z.object({ emails: z.array(z.string().max(320)).max(SHARE_CHECK_MAX) });

/**
 * Checks the "Share with" addresses as they are typed: which have no account yet, and whether the
 * user can invite them (see checkShareEmails for what this reveals and why that is acceptable).
 */
export async function checkShareEmailsAction(input: { emails: string[] }): Promise<ActionResult<ShareCheck>> {
  return runAction(async () => {
    const user = await requireUser();
    const { emails } = parse(shareCheckInput, input);
    return succeeded(await checkShareEmails({ emails, isAdmin: user.role === "ADMIN" }));
  }, input);
}
