// Several app instances (issue 15): three `next start` processes on one PostgreSQL database and
// one Redis (REDIS_URL → the Redis live run bus), talked to directly, port by port, as a
// round-robin load balancer without sticky sessions would spread one user's requests.
import type { BrowserContext } from "@playwright/test";
import { reduceEvents } from "../../lib/agents/trace";
import type { StreamItem } from "../../lib/chat/live-runs";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import {
  call,
  cookieHeader,
  type Instance,
  killInstance,
  percentile,
  readTimed,
  startInstance,
  type Timed,
  waitReady,
} from "./cluster-helpers";
import { expect, screenshot, test } from "./fixtures";
import { AuthPage } from "./pages/auth-page";
import { ChatPage } from "./pages/chat-page";

type Meta = Extract<StreamItem, { type: "meta" }>;
const DELEGATING = "Compute 2 + 2\nWhat time is it?\nCompute 9 * 9";
const LONG_DELEGATING = `${DELEGATING}\nCompute 12 - 5\nCompute 6 * 7\nCompute 8 + 13\nCompute 90 / 3`;
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 40;

test.describe.configure({ mode: "serial" });

let redis: PrivateRedis;
let db: { name: string; url: string };
let nodes: Instance[] = [];
let ctx: BrowserContext;
let cookie: string;
let leadId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(420_000);
  redis = await startPrivateRedis({ port: 16_300 + (process.pid % 80) });
  db = await createDatabase("delegate_cluster");
  nodes = [0, 1, 2].map((index) =>
    startInstance({
      index,
      port: BASE_PORT + index,
      databaseUrl: db.url,
      redisUrl: redis.url,
      // A dead process is noticed within seconds; demo tokens slow enough to follow a run live.
      env: { RUN_LEASE_HEARTBEAT_SECONDS: "1", RUN_LEASE_STALE_SECONDS: "3", DEMO_TOKEN_DELAY_MS: "25" },
    }),
  );
  await Promise.all(nodes.map((n) => waitReady(n)));

  // One user, registered on process 1; the session cookie is valid on every process.
  ctx = await browser.newContext({ baseURL: nodes[0].url });
  const page = await ctx.newPage();
  await new AuthPage(page).register({
    name: "Cleo Cluster",
    email: "cleo@cluster.test",
    password: "correct-horse-42",
  });
  await expect(page).toHaveURL(/\/chat/);
  await page.close();
  cookie = await cookieHeader(ctx);
  const agents = (await (await call(nodes[1], cookie, "/api/agents")).json()) as {
    mine: { id: string; name: string }[];
  };
  leadId = agents.mine.find((a) => a.name === "Team Lead")?.id as string;
  expect(leadId).toBeTruthy();
});

test.afterAll(async () => {
  for (const n of nodes) killInstance(n);
  await ctx?.close();
  await redis?.kill();
  if (db) await dropDatabase(db.name).catch(() => {});
});

/** Starts an answer on `instance`; resolves with its meta as soon as it arrives, and its whole stream. */
async function send(instance: Instance, text = DELEGATING, extra: Record<string, unknown> = {}) {
  const res = await call(instance, cookie, "/api/chat", {
    method: "POST",
    body: JSON.stringify({ agentId: leadId, text, ...extra }),
  });
  let gotMeta: (m: Meta) => void = () => {};
  const meta = new Promise<Meta>((resolve) => {
    gotMeta = resolve;
  });
  // Resolves when the first subagent starts: the run is well under way.
  let childStarted: () => void = () => {};
  const firstChild = new Promise<void>((resolve) => {
    childStarted = resolve;
  });
  const all = res.ok
    ? readTimed<StreamItem>(res, (item) => {
        if (item.type === "meta") gotMeta(item);
        if (item.type === "subagent_start") childStarted();
      })
    : Promise.resolve([] as Timed<StreamItem>[]);
  return { res, meta, all, firstChild };
}

function follow(instance: Instance, runId: string) {
  return call(instance, cookie, `/api/chat/runs/${runId}`).then((res) => {
    expect(res.status).toBe(200);
    return readTimed<StreamItem>(res);
  });
}

async function storedAnswer(instance: Instance, conversationId: string, messageId: string) {
  const res = await call(instance, cookie, `/api/conversations/${conversationId}`);
  const data = (await res.json()) as {
    messages: { id: string; status: string; content: string; parts: unknown }[];
  };
  return data.messages.find((m) => m.id === messageId);
}

const items = (timed: Timed<StreamItem>[]) => timed.map((t) => t.item);

/** The status of every subagent block in a stored answer's tree, at any depth. */
function subagentStatuses(node: unknown): string[] {
  if (!node || typeof node !== "object") return [];
  const n = node as { type?: string; status?: string; content?: unknown[] };
  const own = n.type === "subagent" && n.status ? [n.status] : [];
  return [...own, ...(Array.isArray(n.content) ? n.content.flatMap(subagentStatuses) : [])];
}

test("a run on process 1 is followed live from processes 2 and 3, in order, and stored as streamed", async () => {
  const run = await send(nodes[0]);
  const meta = await run.meta;
  // Followers join while the run is going (it streams for a few seconds).
  const followers = [follow(nodes[1], meta.runId), follow(nodes[2], meta.runId)];
  const [origin, second, third] = await Promise.all([run.all, ...followers]);
  expect(origin.at(-1)?.item).toMatchObject({ type: "run_end", status: "completed" });
  expect(items(second)).toEqual(items(origin));
  expect(items(third)).toEqual(items(origin));
  expect(items(origin).filter((i) => i.type === "subagent_start")).toHaveLength(3);

  // Live, not replayed at the end: items reached the followers over the run's whole length.
  const span = (t: Timed<StreamItem>[]) => (t.at(-1)?.at ?? 0) - (t[0]?.at ?? 0);
  expect(span(second)).toBeGreaterThan(span(origin) / 2);
  const lags = second.map((t, i) => t.at - origin[i].at).slice(Math.floor(second.length / 4)); // the first items were a replay
  console.log(
    `follower lag vs the runner's own stream: p50 ${percentile(lags, 50).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms over ${lags.length} items`,
  );

  const stored = await storedAnswer(nodes[2], meta.conversationId, meta.assistantMessageId);
  expect(stored?.status).toBe("COMPLETE");
  const events = items(second).filter((i) => i.type !== "meta") as Parameters<typeof reduceEvents>[0];
  expect(stored?.parts).toEqual(JSON.parse(JSON.stringify(reduceEvents(events))));
});

test("a page opened on another process follows the answer live (not by polling)", async () => {
  const run = await send(nodes[0]);
  const meta = await run.meta;
  const page = await ctx.newPage();
  // Statuses recorded as they happen, from the page's first render on: a child runs for about a second.
  const seen = await new ChatPage(page).watchSubagentStatuses();
  await page.goto(`${nodes[1].url}/chat/${meta.conversationId}`);
  const answer = page.getByTestId("assistant-message").last();
  await expect(answer).toHaveAttribute("data-status", "STREAMING");
  await expect(page.getByTestId("following-saved")).toHaveCount(0);
  await screenshot(page, "cluster-follow-live");
  await expect(answer).toHaveAttribute("data-status", "COMPLETE", { timeout: 45_000 });
  await expect(page.getByTestId("subagent-block")).toHaveCount(3);
  // Delegations appeared running on the page while the run was still going on process 1.
  expect(Object.values(await seen()).flat()).toContain("running");
  await run.all;
  await page.close();
});

test("Stop sent to process 3 stops a run on process 1 and its subagents within a second", async () => {
  const run = await send(nodes[0]);
  const meta = await run.meta;
  await run.firstChild;
  const asked = performance.now();
  const res = await call(nodes[2], cookie, `/api/chat/runs/${meta.runId}/stop`, { method: "POST" });
  expect(await res.json()).toMatchObject({ ok: true, stopped: true, relayed: true });
  const origin = await run.all;
  const end = origin.at(-1);
  expect(end?.item).toMatchObject({ type: "run_end", status: "stopped" });
  console.log(`stop via process 3 → run_end on process 1: ${((end?.at ?? 0) - asked).toFixed(0)} ms`);
  expect((end?.at ?? 0) - asked).toBeLessThan(5_000);
  const stored = await storedAnswer(nodes[1], meta.conversationId, meta.assistantMessageId);
  expect(stored?.status).toBe("STOPPED");
  // Every child that started ended with the run: none is left running, the unfinished ones stopped.
  const statuses = subagentStatuses(stored?.parts);
  expect(statuses.length).toBe(items(origin).filter((i) => i.type === "subagent_start").length);
  expect(statuses).not.toContain("running");
  expect(statuses).toContain("stopped");
});

test("deleting a conversation on process 2 stops its answer running on process 1", async () => {
  const run = await send(nodes[0]);
  const meta = await run.meta;
  const res = await call(nodes[1], cookie, `/api/conversations/${meta.conversationId}`, { method: "DELETE" });
  expect(res.status).toBe(200);
  const origin = await run.all;
  expect(origin.at(-1)?.item).toMatchObject({ type: "run_end", status: "stopped" });
});

test("20 simultaneous sends spread over three processes, with a limit of 2 running answers: exactly 2 admitted", async () => {
  // Delegating sends: each answer runs for seconds. A one-line sum is answered in about 0.4 s,
  // and the first two could end (freeing their slots) before the last sends were admitted.
  const sends = await Promise.all(Array.from({ length: 20 }, (_, i) => send(nodes[i % 3])));
  const admitted = sends.filter((s) => s.res.ok);
  const refused = sends.filter((s) => !s.res.ok);
  expect(admitted).toHaveLength(2);
  for (const s of refused) {
    expect(s.res.status).toBe(429);
    expect(((await s.res.json()) as { code: string }).code).toBe("rate_limit:concurrent_runs");
  }
  await Promise.all(admitted.map((s) => s.all));
});

test("Redis restarted mid-run: the run finishes and is stored; its followers end instead of hanging", async () => {
  // A longer answer (seven delegations, each quoted at the end): under CI's load the page on process
  // 2 can take seconds to hydrate and attach, and a short answer could end before it sees the cut.
  const run = await send(nodes[0], LONG_DELEGATING);
  const meta = await run.meta;
  const follower = follow(nodes[1], meta.runId);
  // A page following the answer live from process 2.
  const page = await ctx.newPage();
  await page.goto(`${nodes[1].url}/chat/${meta.conversationId}`);
  await run.firstChild;
  // The page follows the answer live while process 1 still runs it. Not "a block still running": a
  // child of the demo team ends in about a second, which a page loading under CI's load can miss;
  // the answer itself streams on for seconds after its children.
  await expect(page.getByTestId("subagent-block").first()).toBeVisible();
  await expect(page.getByTestId("assistant-message").last()).toHaveAttribute("data-status", "STREAMING");
  await redis.kill();
  // Its live stream is cut: it says so and follows the saved answer to its end.
  await expect(page.getByTestId("following-saved")).toBeVisible();
  await screenshot(page, "cluster-redis-lost");
  await expect(page.getByTestId("assistant-message").last()).toHaveAttribute("data-status", "COMPLETE", {
    timeout: 45_000,
  });
  await expect(page.getByTestId("following-saved")).toHaveCount(0);
  await page.close();
  const cut = await follower;
  const origin = await run.all;
  expect(origin.at(-1)?.item).toMatchObject({ type: "run_end", status: "completed" });
  // The follower got a prefix of the run (then its connection dropped), nothing out of order.
  expect(items(cut)).toEqual(items(origin).slice(0, cut.length));
  const stored = await storedAnswer(nodes[1], meta.conversationId, meta.assistantMessageId);
  expect(stored?.status).toBe("COMPLETE");

  // With Redis still down, a page opened on process 2 can't stream a run of process 1: it says so
  // and follows the saved answer.
  const blind = await send(nodes[0]);
  const blindMeta = await blind.meta;
  const second = await ctx.newPage();
  await second.goto(`${nodes[1].url}/chat/${blindMeta.conversationId}`);
  await expect(second.getByTestId("following-saved")).toBeVisible();
  await expect(second.getByTestId("assistant-message").last()).toHaveAttribute("data-status", "COMPLETE", {
    timeout: 45_000,
  });
  await blind.all;
  await second.close();

  // Redis back: runs are followed across processes again.
  await redis.start();
  await expect
    .poll(async () => (await call(nodes[1], cookie, "/api/ready").then((r) => r.status)) as number, {
      timeout: 20_000,
    })
    .toBe(200);
  const next = await send(nodes[0]);
  const nextMeta = await next.meta;
  const [a, b] = await Promise.all([next.all, follow(nodes[2], nextMeta.runId)]);
  expect(items(b)).toEqual(items(a));
});

test("process 1 killed mid-run: within seconds its run is interrupted, seen from process 2, and the user can send again", async () => {
  const run = await send(nodes[0]);
  const meta = await run.meta;
  const follower = follow(nodes[1], meta.runId);
  await run.firstChild;
  const killed = performance.now();
  killInstance(nodes[0]);
  await expect
    .poll(async () => (await storedAnswer(nodes[1], meta.conversationId, meta.assistantMessageId))?.status, {
      timeout: 20_000,
      intervals: [250],
    })
    .toBe("INTERRUPTED");
  console.log(
    `killed process's run seen interrupted from process 2 after ${(performance.now() - killed).toFixed(0)} ms`,
  );
  // The follower on process 2 ended too (it asks the database when the stream goes quiet).
  await follower;
  const again = await send(nodes[1], "Compute 1 + 1");
  expect(again.res.status).toBe(200);
  expect((await again.all).at(-1)?.item).toMatchObject({ type: "run_end", status: "completed" });
});
