import { endedTree, startCompletion } from "@/lib/api/chat-completions";
import { completionOf, runFailure } from "@/lib/api/completion";
import { completionFraming } from "@/lib/api/completion-stream";
import { apiRoute, SSE_HEADERS } from "@/lib/api/route";
import { liveSse } from "@/lib/chat/sse-stream";
import { readJsonBody } from "@/lib/http/read-json";
import { chooseLocale } from "@/lib/i18n/locales";

export const dynamic = "force-dynamic";

/**
 * POST /v1/chat/completions — OpenAI Chat Completions: `model` is an agent id; the agent runs with
 * its subagents. Streams `chat.completion.chunk`s with `stream: true`, else answers once the run
 * has ended. The run goes on if the client goes away (the conversation is in the user's list).
 */
export const POST = apiRoute(async ({ req, caller }) => {
  const body = await readJsonBody(req);
  const locale = chooseLocale(caller.user.locale, req.headers.get("accept-language"));
  const { live, request } = await startCompletion({ caller, body, locale });
  const created = Math.floor(Date.now() / 1000);
  if (!request.stream) {
    const tree = await endedTree(live);
    const failure = runFailure(tree);
    if (failure) throw failure;
    return Response.json(completionOf(live.meta, tree, created));
  }
  const framing = completionFraming({
    meta: live.meta,
    created,
    includeUsage: request.stream_options?.include_usage === true,
  });
  return new Response(liveSse(live, req.signal, framing), { headers: SSE_HEADERS });
});
