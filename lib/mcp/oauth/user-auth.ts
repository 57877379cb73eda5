/** What a run needs to call a per-user OAuth server as one user: their provider, and where they connect. */
import { env } from "@/lib/env";
import type { McpUserAuth } from "../types";
import { DbOAuthProvider, OAUTH_CALLBACK_PATH } from "./provider";

export const CONNECTIONS_PATH = "/settings/connections";

/** The app's address outside a request (runs, background tasks): AUTH_URL, else this machine. */
export function appOrigin(current = env()): string {
  return (current.AUTH_URL ?? `http://localhost:${current.PORT}`).replace(/\/+$/, "");
}

export function userAuth(serverId: string, userId: string, origin = appOrigin()): McpUserAuth {
  return {
    userId,
    provider: new DbOAuthProvider({
      serverId,
      userId,
      redirectUrl: `${origin}${OAUTH_CALLBACK_PATH}`,
      interactive: false,
    }),
    connectUrl: `${origin}${CONNECTIONS_PATH}`,
  };
}
