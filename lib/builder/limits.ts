import "server-only";
import { type Limits, resolveLimits } from "@/lib/agents/limits";

/**
 * The subagent limits that apply to this user's agents. The engine's defaults until the admin
 * quota settings land: then this becomes `getLimitsForUser({ userId })` from lib/quota.
 */
export async function currentLimits(_userId: string): Promise<Limits> {
  return resolveLimits();
}
