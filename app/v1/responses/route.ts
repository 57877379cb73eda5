import { endedTree } from "@/lib/api/chat-completions";
import { runFailure } from "@/lib/api/completion";
import { liveResponseOf, startResponse } from "@/lib/api/responses";
import { responseFraming } from "@/lib/api/responses-stream";
import { apiRoute, SSE_HEADERS } from "@/lib/api/route";
import { liveSse } from "@/lib/chat/sse-stream";
import { readJsonBody } from "@/lib/http/read-json";
import { chooseLocale } from "@/lib/i18n/locales";

export const dynamic = "force-dynamic";

/**
 * POST /v1/responses — the OpenAI Responses shape: `model` is an agent id, `input` a string or
 * message items, `previous_response_id` continues a conversation. Streams typed events with
 * `stream: true`, else answers once the run has ended (or paused: status "incomplete").
 */
export const POST = apiRoute(async ({ req, caller }) => {
  const body = await readJsonBody(req);
  const locale = chooseLocale(caller.user.locale, req.headers.get("accept-language"));
  const { live, request, previousResponseId } = await startResponse({ caller, body, locale });
  const createdAt = Math.floor(Date.now() / 1000);
  if (!request.stream) {
    const tree = await endedTree(live);
    const failure = runFailure(tree);
    if (failure) throw failure;
    return Response.json(liveResponseOf(live.meta, tree, createdAt, previousResponseId));
  }
  const framing = responseFraming({
    meta: live.meta,
    createdAt,
    previousResponseId,
    agentEvents: request.include_agent_events === true,
  });
  return new Response(liveSse(live, req.signal, framing), { headers: SSE_HEADERS });
});
