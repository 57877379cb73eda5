/**
 * One app process of `npm run bench:soak` (started by bench/soak.ts, not by hand).
 *
 * SOAK_ROLE=runner: runs answers. `POST /chat {userId, agentId, text}` calls `startChat` (what
 * `POST /api/chat` calls once Auth.js has resolved the user) and streams the live run with
 * `liveSse`, the route's own SSE body. SOAK_ROLE=follower: `GET /follow/<runId>?user=<id>` calls
 * `followRun` (what `GET /api/chat/runs/:id` calls), which follows a run of the other process
 * through the Redis run bus. Both serve `GET /stats` (event-loop delay and peak RSS since the last
 * `POST /stats/reset`) and `GET /`, which answers once the process is up.
 *
 * What is left out against `next start`: Next.js's request handling and Auth.js's session check
 * (bench:chat measures those, 5–9 ms CPU per request); everything after them is the app's code.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Readable } from "node:stream";
import type { PublicUser } from "../lib/db/users";

const role = process.env.SOAK_ROLE === "follower" ? "follower" : "runner";
const port = Number(process.env.SOAK_PORT);

const { startChat } = await import("../lib/chat/start-chat");
const { followRun } = await import("../lib/chat/run-control");
const { liveSse } = await import("../lib/chat/sse-stream");
const { findUserById } = await import("../lib/db/users");
const { liveRunCount } = await import("../lib/chat/live-runs");
const { AppError } = await import("../lib/errors");

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
/** maxRSS of `process.resourceUsage()` is the process's peak so far; this is the peak since a reset. */
let peakRss = 0;
const rssSampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 100);
rssSampler.unref();

const users = new Map<string, Promise<PublicUser>>();
function userOf(id: string): Promise<PublicUser> {
  let user = users.get(id);
  if (!user) {
    // What requireUser() returns for a signed-in session.
    user = findUserById({ id }).then((u) => {
      if (!u) throw new Error(`no user ${id}`);
      return u;
    });
    users.set(id, user);
  }
  return user;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(value));
}

function stream(res: ServerResponse, open: (signal: AbortSignal) => ReadableStream) {
  const aborted = new AbortController();
  res.once("close", () => aborted.abort());
  res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" });
  Readable.fromWeb(open(aborted.signal) as Parameters<typeof Readable.fromWeb>[0]).pipe(res);
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/") return json(res, 200, { role });
    if (url.pathname === "/stats/reset" && req.method === "POST") {
      delay.reset();
      peakRss = process.memoryUsage.rss();
      return json(res, 200, {});
    }
    if (url.pathname === "/stats") {
      const ms = (ns: number) => ns / 1e6;
      return json(res, 200, {
        lagP50: ms(delay.percentile(50)),
        lagP99: ms(delay.percentile(99)),
        lagMax: ms(delay.max),
        peakRss: Math.max(peakRss, process.memoryUsage.rss()),
        cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
        liveRuns: liveRunCount(),
      });
    }
    if (role === "runner" && req.method === "POST" && url.pathname === "/chat") {
      const { userId, ...rest } = (await body(req)) as { userId: string };
      const live = await startChat({ user: await userOf(userId), body: rest });
      return stream(res, (signal) => liveSse(live, signal));
    }
    const follow = url.pathname.match(/^\/follow\/([^/]+)$/);
    if (role === "follower" && req.method === "GET" && follow) {
      const feed = await followRun({ runId: follow[1], userId: url.searchParams.get("user") ?? "" });
      return stream(res, (signal) => liveSse(feed, signal));
    }
    json(res, 404, { error: "not found" });
  } catch (err) {
    // A refusal the app would answer with its status (a run not followable yet is a 404).
    if (err instanceof AppError && !res.headersSent) return json(res, err.status, { error: err.code });
    console.error(JSON.stringify({ level: "error", msg: "soak request failed", error: String(err) }));
    if (!res.headersSent) json(res, 500, { error: String(err) });
    else res.destroy();
  }
});
// Thousands of open responses: no per-socket timeouts.
server.requestTimeout = 0;
server.headersTimeout = 60_000;
server.keepAliveTimeout = 60_000;
server.maxConnections = 100_000;
server.listen(port, "127.0.0.1");

process.on("SIGTERM", () => {
  server.close();
  process.exit(0);
});
