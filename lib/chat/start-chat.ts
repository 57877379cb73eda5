// A send from the browser: load the turn (./load-turn.ts), then launch it like every other caller
// (./launch-run.ts: resolve → admit → run → pump → save).
import "server-only";
import type { ModelFactory } from "@/lib/agents";
import type { PublicUser } from "@/lib/db/users";
import type { Locale } from "@/lib/i18n/locales";
import { launchRun } from "./launch-run";
import type { LiveRun } from "./live-runs";
import { loadTurn } from "./load-turn";

/**
 * Starts one assistant answer from the browser. The returned live run is followed by the SSE
 * response, a reload, or nobody at all.
 */
export async function startChat(request: {
  user: PublicUser;
  body: unknown;
  modelFactory?: ModelFactory;
  /** The request's language (the demo model answers in it, a resumed run too). */
  locale?: Locale;
}): Promise<LiveRun> {
  return launchRun(await loadTurn(request));
}
