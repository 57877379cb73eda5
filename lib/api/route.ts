import "server-only";
import { assertCleanInput } from "@/lib/http/clean-input";
import { newRequestId, typedFailure } from "@/lib/http/failure";
import { type ApiCaller, authenticateApiKey } from "./authenticate";
import { openAiErrorResponse } from "./openai-errors";

// The wrapper of every Agents API route (/v1): a bearer key instead of a session cookie, so no
// Origin check (a key is not sent by a browser on its own, unlike a cookie); clean search
// parameters; errors in OpenAI's shape (lib/api/openai-errors.ts). The proxy leaves /v1 alone.

export interface ApiInput<P> {
  req: Request;
  /** The route's parameters, checked. */
  params: P;
  caller: ApiCaller;
  requestId: string;
}

export function apiRoute<P extends Record<string, string> = Record<string, never>>(
  handler: (input: ApiInput<P>) => Promise<Response>,
): (req: Request, ctx?: { params: Promise<P> }) => Promise<Response> {
  return async (req, ctx) => {
    const requestId = newRequestId();
    try {
      const params = ((await ctx?.params) ?? {}) as P;
      assertCleanInput(params, "address");
      assertCleanInput(new URL(req.url).searchParams, "address");
      // A GET never writes: only requests that run something record the key's last use.
      const recordUse = req.method !== "GET" && req.method !== "HEAD";
      const caller = await authenticateApiKey(req.headers.get("authorization"), { recordUse });
      const res = await handler({ req, params, caller, requestId });
      res.headers.set("X-Request-Id", requestId);
      return res;
    } catch (err) {
      // Only the path is logged: never the Authorization header.
      return openAiErrorResponse(
        typedFailure(err, { requestId, where: `${req.method} ${new URL(req.url).pathname}` }),
        requestId,
      );
    }
  };
}

/** The headers of a streamed /v1 answer (no buffering by proxies). */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;
