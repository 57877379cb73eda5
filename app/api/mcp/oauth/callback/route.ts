import { publicOrigin } from "@/lib/api/base-url";
import { requireUser } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { finishMcpConnection } from "@/lib/mcp/oauth/connections";
import { CONNECTIONS_PATH } from "@/lib/mcp/oauth/user-auth";

export const dynamic = "force-dynamic";

/**
 * GET ?code=&state= — where a per-user OAuth MCP server's authorization server sends the user back
 * after consent (OAuth's redirect is a GET; this is the one GET that stores something: the tokens
 * of the authorization the same user began with POST Connect, found by its single-use state).
 * The browser lands on Settings → Connections, which says how it went.
 */
export const GET = route({}, async ({ req, search }) => {
  const user = await requireUser();
  const origin = publicOrigin(req.headers);
  // Not Response.redirect: its headers are immutable, and the route wrapper adds X-Request-Id.
  const back = (query: Record<string, string>) =>
    new Response(null, {
      status: 303,
      headers: { location: `${origin}${CONNECTIONS_PATH}?${new URLSearchParams(query)}` },
    });
  const state = search.get("state") ?? "";
  const code = search.get("code") ?? "";
  // The user said no at the service (or it refused): nothing was granted, nothing to store.
  if (search.get("error")) return back({ error: "denied" });
  if (!state || !code || state.length > 200 || code.length > 2000) return back({ error: "state" });
  try {
    const { serverId } = await finishMcpConnection({ userId: user.id, state, code, origin });
    return back({ connected: serverId });
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (err.code === "bad_request:mcp_oauth_state") return back({ error: "state" });
    if (err.code === "provider:mcp_oauth") {
      console.warn(JSON.stringify({ level: "warn", msg: "mcp oauth callback failed", error: err.values }));
      return back({ error: "failed" });
    }
    throw err;
  }
});
