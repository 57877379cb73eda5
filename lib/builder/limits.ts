import "server-only";
import type { Limits } from "@/lib/agents/limits";
import { engineLimits, getLimitsForUser } from "@/lib/quota";

/** The subagent limits that apply to this user's agents now (admin settings and per-user overrides). */
export async function currentLimits(userId: string): Promise<Limits> {
  return engineLimits(await getLimitsForUser({ userId }));
}
