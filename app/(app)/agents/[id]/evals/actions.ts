"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, runAction, succeeded } from "@/lib/action-result";
import { requireUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { cancelEval, importCases, setShareGate, startEval } from "@/lib/evals/service";

// The Evals tab's writes. Access is checked by lib/evals/service.ts (the agent's editor edits, a
// viewer runs on their own quota); here only the shape of the arguments.

const id = z.string().min(1).max(100);
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError("bad_request");
  return r.data;
}

/** Replaces the suite's cases with the JSONL text (one case per line; every bad line is named). */
export async function saveCasesAction(input: {
  agentId: string;
  jsonl: string;
}): Promise<ActionResult<{ count: number }>> {
  return runAction(async () => {
    const user = await requireUser();
    const { agentId, jsonl } = parse(z.object({ agentId: id, jsonl: z.string().max(2_000_000) }), input);
    const count = await importCases({ agentId, userId: user.id, jsonl });
    revalidatePath(`/agents/${agentId}/evals`);
    return succeeded({ count });
  }, input);
}

export async function startEvalAction(input: {
  agentId: string;
  versions: number[];
}): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const user = await requireUser();
    const { agentId, versions } = parse(
      z.object({ agentId: id, versions: z.array(z.number()).max(2) }),
      input,
    );
    const evalRunId = await startEval({ agentId, userId: user.id, versions });
    revalidatePath(`/agents/${agentId}/evals`);
    return succeeded({ id: evalRunId });
  }, input);
}

export async function cancelEvalAction(input: { evalRunId: string }): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const { evalRunId } = parse(z.object({ evalRunId: id }), input);
    await cancelEval({ evalRunId, userId: user.id });
    return succeeded(null);
  }, input);
}

/** "Require a passing eval before sharing" on or off (the agent's owner only). */
export async function setShareGateAction(input: { agentId: string; on: boolean }): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const { agentId, on } = parse(z.object({ agentId: id, on: z.boolean() }), input);
    await setShareGate({ agentId, userId: user.id, on });
    revalidatePath(`/agents/${agentId}/evals`);
    return succeeded(null);
  }, input);
}
