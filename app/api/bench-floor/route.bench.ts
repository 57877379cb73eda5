// The floor of bench/chat-stream.ts: a bare Next.js route that checks the Auth.js session (the
// same requireUser as POST /api/chat: cookie JWT decoded, session row read) and streams an
// equivalent server-sent-events response — the events a real answer produced, recorded by the
// benchmark into the file BENCH_FLOOR_EVENTS names — with no run, no engine and no writes.
//
// Never shipped: `.bench.ts` is a page extension only when the app is built with BENCH_FLOOR=1
// (next.config.ts), so a production build has no such route.
import { readFileSync } from "node:fs";
import { requireUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

type Item = { type: string };
let recorded: Record<string, Item[]> | undefined;

export async function POST(req: Request): Promise<Response> {
  try {
    await requireUser();
  } catch {
    return new Response("unauthorized", { status: 401 });
  }
  const { kind } = (await req.json()) as { kind: string };
  recorded ??= JSON.parse(readFileSync(process.env.BENCH_FLOOR_EVENTS as string, "utf8")) as Record<
    string,
    Item[]
  >;
  const items = recorded[kind] ?? [];
  // Paced like the demo model: DEMO_TOKEN_DELAY_MS before each streamed token.
  const pace = env().DEMO_TOKEN_DELAY_MS ?? 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const item of items) {
        if (pace > 0 && item.type === "text_delta") await new Promise((r) => setTimeout(r, pace));
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(item)}\n\n`));
      }
      controller.enqueue(encoder.encode("event: end\ndata: {}\n\n"));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
    },
  });
}
