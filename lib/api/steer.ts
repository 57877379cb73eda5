import "server-only";
import { steerRun } from "@/lib/chat/run-control";
import { parseSteerRequest } from "@/lib/chat/validation";
import type { ApiCaller } from "./authenticate";
import { runIdOfCompletion } from "./completion";
import type { ApiSteer } from "./response-schemas";

/**
 * POST /v1/chat/completions/{id}/steer: a message for a running completion's root agent, read
 * before its next model call — the chat's Steer (lib/chat/run-control.ts `steerRun`), in whichever
 * process runs it. `id` is the completion's id as every chunk carries it (`chatcmpl-<run id>`).
 * Another user's run, a finished or paused one: 404.
 */
export async function steerApiCompletion(caller: ApiCaller, id: string, body: unknown): Promise<ApiSteer> {
  const { text } = parseSteerRequest(body);
  await steerRun({ runId: runIdOfCompletion(id), userId: caller.user.id, text });
  return { object: "chat.completion.steer", id, accepted: true };
}
