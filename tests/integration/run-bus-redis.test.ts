// The Redis live run bus as two app processes use it: one bus runs answers (the runner), another
// follows them (a reload that landed on another process). Against a Redis of the test's own, so
// it can be killed and restarted mid-run.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import type { LiveRun, StreamItem } from "@/lib/chat/live-runs";
import { redisRunBus } from "@/lib/chat/run-bus/redis";
import { READER_CONNECTION_NAME } from "@/lib/chat/run-bus/stream-reader";
import type { RunBus, RunFeed } from "@/lib/chat/run-bus/types";
import type { RunSignal } from "@/lib/db/run-signals";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis";

/** What crosses Redis between two clients arrives "soon": on a loaded machine, later than 1 s. */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

let redis: PrivateRedis;
const buses: RunBus[] = [];
function bus(): RunBus {
  const b = redisRunBus(redis.url);
  buses.push(b);
  return b;
}

beforeAll(async () => {
  redis = await startPrivateRedis({ port: 16_390 + (process.pid % 500) });
});
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close().catch(() => {})));
  await redis.kill();
});

let seq = 0;
function liveRun(): LiveRun {
  const runId = `run-${process.pid}-${++seq}`;
  const meta = {
    type: "meta" as const,
    runId,
    conversationId: "c",
    userMessageId: "u",
    assistantMessageId: `a-${runId}`,
    agentId: "agent",
    title: "t",
  };
  return {
    meta,
    userId: "user",
    items: [meta],
    done: false,
    abort: () => {},
    listeners: new Set(),
    ended: Promise.resolve(),
    markEnded: () => {},
  };
}
const delta = (text: string): RunEvent => ({
  type: "text_delta",
  text,
  spanId: "root",
  parentSpanId: null,
  depth: 0,
  agentId: "agent",
  ts: 0,
});
/** What `publish` does for a run of the runner's process. */
function publish(b: RunBus, run: LiveRun, item: StreamItem) {
  run.items.push(item);
  b.append(run, item);
}
function end(b: RunBus, run: LiveRun) {
  run.done = true;
  b.end(run);
}
const running = async () => true;

/** Every item a feed delivers, from its replay to its end. */
function collect(feed: RunFeed): Promise<StreamItem[]> {
  const out = [...feed.items];
  if (feed.done) return Promise.resolve(out);
  return new Promise((resolve) => {
    feed.listeners.add((item) => {
      if (item === null) resolve(out);
      else out.push(item);
    });
  });
}
const texts = (items: StreamItem[]) => items.flatMap((i) => (i.type === "text_delta" ? [i.text] : []));

describe("the Redis live run bus", () => {
  it("a follower on another process replays the run from its start, then gets every item live, in order", async () => {
    const runner = bus();
    const follower = bus();
    const run = liveRun();
    runner.append(run, run.meta);
    for (let i = 0; i < 50; i++) publish(runner, run, delta(`early${i} `));
    await eventually(async () => expect(await follower.follow(run.meta.runId, running)).not.toBeNull());
    const feed = (await follower.follow(run.meta.runId, running)) as RunFeed;
    expect(feed.items[0]).toEqual(run.meta);
    const all = collect(feed);
    const late = follower.follow(run.meta.runId, running).then((f) => collect(f as RunFeed));
    for (let i = 0; i < 500; i++) {
      publish(runner, run, delta(`t${i} `));
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    end(runner, run);
    expect(await all).toEqual(run.items);
    expect(await late).toEqual(run.items);
    // A follower that comes after the end still gets the whole run, then the end.
    const after = (await follower.follow(run.meta.runId, running)) as RunFeed;
    expect(after.done).toBe(true);
    expect(after.items).toEqual(run.items);
  });

  /** A run that paused for approvals: its stream ends, to be resumed under the same id. */
  function pausedRun() {
    const runner = bus();
    const follower = bus();
    const paused = liveRun();
    runner.append(paused, paused.meta);
    publish(runner, paused, delta("before the pause "));
    end(runner, paused);
    return { runner, follower, paused };
  }

  /** Its resumption: a new LiveRun with the same id, with a first event. */
  function resume(runner: ReturnType<typeof bus>, paused: LiveRun): LiveRun {
    const resumed: LiveRun = { ...liveRun(), items: [], done: false };
    resumed.meta = { ...paused.meta, title: "resumed" };
    resumed.items = [resumed.meta];
    runner.append(resumed, resumed.meta);
    publish(runner, resumed, delta("after "));
    return resumed;
  }

  it("a run resumed after a pause (same id) is followed from its new start, not ended by the old end", async () => {
    const { runner, follower, paused } = pausedRun();
    await eventually(async () =>
      expect((await follower.follow(paused.meta.runId, running))?.done).toBe(true),
    );

    const resumed = resume(runner, paused);
    await eventually(async () =>
      expect((await follower.follow(resumed.meta.runId, running))?.items).toEqual(resumed.items),
    );
    const feed = (await follower.follow(resumed.meta.runId, running)) as RunFeed;
    expect(feed.done).toBe(false);
    const all = collect(feed);
    publish(runner, resumed, delta("the decision"));
    end(runner, resumed);
    expect(await all).toEqual(resumed.items);
  });

  it("a run resumed while its paused end is still being written gets a mirror of its own", async () => {
    const { runner, follower, paused } = pausedRun();
    // No wait: the paused run's last write is still on its way to Redis.
    const resumed = resume(runner, paused);
    await vi.waitFor(
      async () => expect((await follower.follow(resumed.meta.runId, running))?.items).toEqual(resumed.items),
      { timeout: 10_000 },
    );
  });

  it("nothing to follow: no stream, or a stream whose start is gone", async () => {
    const follower = bus();
    expect(await follower.follow("no-such-run", running)).toBeNull();
    const runner = bus();
    const run = liveRun();
    runner.append(run, run.meta);
    publish(runner, run, delta("x"));
    await eventually(async () => expect(await follower.follow(run.meta.runId, running)).not.toBeNull());
    const { default: Redis } = await import("ioredis");
    const raw = new Redis(redis.url);
    try {
      // As if the cap had trimmed the first entries away: the stream starts at item 7.
      await raw.del(`delegate:run:${run.meta.runId}`);
      await raw.xadd(`delegate:run:${run.meta.runId}`, "*", "n", "7", "i", JSON.stringify([delta("y")]));
      expect(await follower.follow(run.meta.runId, running)).toBeNull();
    } finally {
      raw.disconnect();
    }
  });

  it("a quiet follower asks whether the run still runs, and ends when it doesn't (its runner died)", async () => {
    const runner = bus();
    const follower = bus();
    const run = liveRun();
    runner.append(run, run.meta);
    await eventually(async () => expect(await follower.follow(run.meta.runId, running)).not.toBeNull());
    let asked = 0;
    const feed = (await follower.follow(run.meta.runId, async () => {
      asked++;
      return asked < 2;
    })) as RunFeed;
    const items = await collect(feed);
    expect(asked).toBe(2);
    expect(items).toEqual([run.meta]);
  }, 15_000);

  it("Redis restarted mid-run: the runner goes on, followers end instead of hanging, and the stream is rebuilt once it is back", async () => {
    const runner = bus();
    const follower = bus();
    const run = liveRun();
    runner.append(run, run.meta);
    for (let i = 0; i < 20; i++) publish(runner, run, delta(`a${i} `));
    await eventually(async () => expect(await follower.follow(run.meta.runId, running)).not.toBeNull());
    const cut = collect((await follower.follow(run.meta.runId, running)) as RunFeed);

    await redis.kill();
    // Redis is gone: the runner's publishes neither throw nor wait.
    for (let i = 0; i < 20; i++) publish(runner, run, delta(`b${i} `));
    const got = await cut;
    expect(got.length).toBeLessThan(run.items.length);
    expect(got).toEqual(run.items.slice(0, got.length));

    await redis.start();
    // The next publish after the restart rebuilds the whole stream from the runner's memory.
    await vi.waitFor(
      async () => {
        publish(runner, run, delta("c "));
        await new Promise((r) => setTimeout(r, 100));
        const feed = await follower.follow(run.meta.runId, running);
        expect(feed?.items.length ?? 0).toBe(run.items.length);
        feed?.close?.();
      },
      { timeout: 10_000, interval: 200 },
    );
    const again = collect((await follower.follow(run.meta.runId, running)) as RunFeed);
    publish(runner, run, delta("d "));
    end(runner, run);
    const items = await again;
    // Each item once, in order: nothing repeated by the rebuild.
    expect(items).toEqual(run.items);
    expect(texts(items).filter((t) => t === "a0 ")).toHaveLength(1);
  }, 30_000);

  it("a Stop or a decision published on one process reaches the others", async () => {
    const here = bus();
    const there = bus();
    const got: RunSignal[] = [];
    there.onSignal((signal) => got.push(signal));
    // The subscription is made in the background: publish until it is there.
    await eventually(async () => {
      await here.signal({ type: "stop", runId: "run-to-stop" });
      expect(got).toContainEqual({ type: "stop", runId: "run-to-stop" });
    });
    await here.signal({ type: "decided", approvalId: "approval-1" });
    await eventually(() => expect(got).toContainEqual({ type: "decided", approvalId: "approval-1" }));
  });

  it("with Redis down, a Stop is relayed through PostgreSQL instead", async () => {
    const here = bus();
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const received: string[] = [];
    listener.on("notification", (m) => received.push(m.payload ?? ""));
    await listener.query("LISTEN delegate_run_stop");
    await redis.kill();
    try {
      await here.signal({ type: "stop", runId: "stop-without-redis" });
      await eventually(() =>
        expect(received.map((p) => JSON.parse(p))).toEqual([{ type: "stop", runId: "stop-without-redis" }]),
      );
    } finally {
      await listener.end();
      await redis.start();
    }
  });

  it("readiness sees Redis come and go", async () => {
    const b = bus();
    await eventually(async () => expect(await b.check()).toEqual({ ok: true }));
    await redis.kill();
    expect(await b.check()).toEqual({ ok: false, detail: "Redis (REDIS_URL) is unreachable." });
    await redis.start();
    await vi.waitFor(async () => expect(await b.check()).toEqual({ ok: true }), { timeout: 10_000 });
  });

  describe("followers on one process share one Redis reader", () => {
    /** Clients Redis has now, and those named as a process's shared follow reader. */
    async function clients(): Promise<{ all: number; readers: number }> {
      const { default: Redis } = await import("ioredis");
      const raw = new Redis(redis.url);
      try {
        const lines = ((await raw.client("LIST")) as string).trim().split("\n");
        // Not counting the connection asking.
        return {
          all: lines.length - 1,
          readers: lines.filter((l) => ` ${l} `.includes(` name=${READER_CONNECTION_NAME} `)).length,
        };
      } finally {
        raw.disconnect();
      }
    }

    it("20 followers of 10 runs on one process: one more connection, and every follower gets every item in order", async () => {
      const runner = bus();
      const follower = bus();
      const runs = Array.from({ length: 10 }, () => liveRun());
      for (const run of runs) {
        runner.append(run, run.meta);
        publish(runner, run, delta("first "));
      }
      // Both buses connected (writer, and the runner's nothing else) before counting.
      await eventually(async () => expect(await follower.follow(runs[9].meta.runId, running)).not.toBeNull());
      const before = await clients();

      // Two followers per run; the second joins after more items were written, mid-run.
      const firsts = await Promise.all(runs.map((r) => follower.follow(r.meta.runId, running)));
      const all = firsts.map((f) => collect(f as RunFeed));
      for (let i = 0; i < 20; i++) for (const run of runs) publish(runner, run, delta(`a${i} `));
      await new Promise((r) => setTimeout(r, 50));
      const seconds = await Promise.all(runs.map((r) => follower.follow(r.meta.runId, running)));
      const late = seconds.map((f) => collect(f as RunFeed));
      const during = await clients();
      for (let i = 0; i < 100; i++) {
        for (const run of runs) publish(runner, run, delta(`b${i} `));
        if (i % 20 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      for (const run of runs) end(runner, run);

      const got = await Promise.all([...all, ...late]);
      for (let i = 0; i < 20; i++) expect(got[i]).toEqual(runs[i % 10].items);
      // One blocking reader for all 20 followers (one connection per follower would be 20).
      expect(during.all - before.all).toBeLessThanOrEqual(1);
      expect(during.readers - before.readers).toBeLessThanOrEqual(1);
      expect(during.readers).toBeGreaterThanOrEqual(1);
    });

    it("followers come and go: one that leaves stops being fed, one that joins a quiet reader gets its run", async () => {
      const runner = bus();
      const follower = bus();
      const quiet = liveRun();
      const busy = liveRun();
      runner.append(quiet, quiet.meta);
      runner.append(busy, busy.meta);
      await eventually(async () => expect(await follower.follow(busy.meta.runId, running)).not.toBeNull());
      // The reader blocks on the quiet run alone; a follower of another run joins meanwhile.
      const waiting = (await follower.follow(quiet.meta.runId, running)) as RunFeed;
      const leaving = (await follower.follow(busy.meta.runId, running)) as RunFeed;
      const staying = collect((await follower.follow(busy.meta.runId, running)) as RunFeed);
      const left: StreamItem[] = [];
      leaving.listeners.add((item) => item && left.push(item));
      publish(runner, busy, delta("one "));
      await eventually(() => expect(texts(left)).toEqual(["one "]));
      leaving.close?.();
      publish(runner, busy, delta("two "));
      end(runner, busy);
      expect(texts(await staying)).toEqual(["one ", "two "]);
      expect(texts(left)).toEqual(["one "]);
      // The quiet run's follower is still fed.
      const rest = collect(waiting);
      publish(runner, quiet, delta("at last"));
      end(runner, quiet);
      expect(await rest).toEqual(quiet.items);
    });

    it("Redis restarted: all followers of the process end, and later followers read through a new connection", async () => {
      const runner = bus();
      const follower = bus();
      const runs = Array.from({ length: 5 }, () => liveRun());
      for (const run of runs) runner.append(run, run.meta);
      await eventually(async () => expect(await follower.follow(runs[4].meta.runId, running)).not.toBeNull());
      const feeds = await Promise.all(runs.map((r) => follower.follow(r.meta.runId, running)));
      const cut = feeds.map((f) => collect(f as RunFeed));
      await redis.kill();
      for (const items of await Promise.all(cut)) expect(items[0]?.type).toBe("meta");
      await redis.start();
      const run = liveRun();
      await vi.waitFor(
        async () => {
          runner.append(run, run.meta);
          expect(await follower.follow(run.meta.runId, running)).not.toBeNull();
        },
        { timeout: 10_000, interval: 200 },
      );
      const again = collect((await follower.follow(run.meta.runId, running)) as RunFeed);
      const second = collect((await follower.follow(run.meta.runId, running)) as RunFeed);
      expect((await clients()).readers).toBe(1);
      for (let i = 0; i < 30; i++) publish(runner, run, delta(`x${i} `));
      end(runner, run);
      expect(await again).toEqual(run.items);
      expect(await second).toEqual(run.items);
    }, 30_000);
  });
});
