import "server-only";
import { env } from "@/lib/env";
import { localRunBus } from "./local";
import { redisRunBus } from "./redis";
import type { RunBus } from "./types";

export type { RunBus, RunFeed } from "./types";

// One bus per process. On globalThis: Next.js bundles instrumentation and the routes separately,
// and both must share the process's connections.
const g = globalThis as unknown as { __runBus?: RunBus };

/** The process's live run bus: Redis when REDIS_URL is set, else the in-process one. */
export function runBus(): RunBus {
  if (!g.__runBus) {
    const url = env().REDIS_URL;
    g.__runBus = url ? redisRunBus(url) : localRunBus();
  }
  return g.__runBus;
}
