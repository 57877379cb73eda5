import { requireUser } from "@/lib/auth/session";
import { liveSse } from "@/lib/chat/sse-stream";
import { startChat } from "@/lib/chat/start-chat";
import { route } from "@/lib/http/route";
import { chooseLocale } from "@/lib/i18n/locales";

export const dynamic = "force-dynamic";

/**
 * POST /api/chat — starts an answer and streams it as server-sent events: first a `meta` item
 * (conversation, message and run ids), then the engine's typed events until `run_end`.
 * The run keeps going if the client goes away; GET /api/chat/runs/:id reattaches.
 */
export const POST = route({ json: true }, async ({ req, body }) => {
  const user = await requireUser();
  // The demo model answers in the request's language, chosen by the rule next-intl's request config
  // uses, from the user already read: asking next-intl would read the session and the user again.
  const locale = chooseLocale(user.locale, req.headers.get("accept-language"));
  const live = await startChat({ user, body, locale });
  return new Response(liveSse(live, req.signal), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
});
