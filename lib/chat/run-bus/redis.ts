// The bus of several app processes sharing one Redis (REDIS_URL).
//
// Events: every item of a run is appended to the run's Redis Stream (`delegate:run:<id>`), in
// batches paced like the SSE writer (one XADD per event-loop turn, then at most one per frame), so
// a reload or another tab that lands on any process replays the run from its start and follows it
// live. Each entry says which item it starts at, so a stream rebuilt after Redis lost it (a
// restart: Redis here keeps nothing on disk) never repeats items to a follower. The stream is
// capped, expires a minute after the run's end, and after a few hours whatever happens. A process
// has two connections whatever it follows: the writer (which also replays) and one blocking
// reader shared by all its followers (./stream-reader.ts), plus the signal subscriber.
//
// Why our own streams and not Vercel's `resumable-stream`: that library resumes one byte stream
// per request id and replays it from a byte offset; our followers need the run's items from the
// first (meta, then events, rendered into a tree), per run not per request, with the runner's
// in-memory list as the source to rebuild from. A stream entry per batch of items is that model.
//
// Signals (Stop, a decided tool call): published on a pub/sub channel every process subscribes to;
// the process that holds the run acts on it (a Stop aborts the run and every subagent). If Redis
// can't take the message, it goes through PostgreSQL NOTIFY instead, which every process listens
// to as well.
//
// Redis is a mirror, never the record: a run whose mirror fails keeps running and is saved to
// PostgreSQL as always; its followers end (the page then follows the saved message) and the
// mirror is rebuilt from the runner's memory on its next successful write.
import "server-only";
import Redis from "ioredis";
import { listenForRunSignals, parseRunSignal, type RunSignal, sendRunSignal } from "@/lib/db/run-signals";
import { FlushPacer } from "@/lib/util/flush-pacer";
import { withTimeout } from "@/lib/util/with-timeout";
import type { LiveRun, StreamItem } from "../live-runs";
import { type Entries, type StreamFollower, type StreamReader, streamReader } from "./stream-reader";
import type { FeedListener, RunBus, RunFeed } from "./types";

const SIGNAL_CHANNEL = "delegate:run-signals";
const streamKey = (runId: string) => `delegate:run:${runId}`;
/** Entries (batches) kept per run: far more than a run writes at one batch per frame. */
const MAX_ENTRIES = 100_000;
/** A stream whose runner died without its end still goes away. */
const RUNNING_TTL_MS = 6 * 3600_000;
/** A follower that arrives right at the end still gets the whole run. */
const FINISHED_TTL_MS = 60_000;
/** A follower's quiet time: when nothing came for this long, the database says if the run lives. */
const QUIET_MS = 2_000;
/** How long the end of a run is retried while Redis is unreachable (followers fall back anyway). */
const END_RETRY_MS = 60_000;

interface Mirror {
  run: LiveRun;
  /** Items of `run.items` already in the stream. */
  sent: number;
  /**
   * The next write rebuilds the stream from the first item: the last one failed, or this is the
   * run's first (a run resumed after a pause reuses its id, and its old stream ends with an end).
   */
  broken: boolean;
  ended: boolean;
  endedAt: number;
  /** A failure of this run's mirror was logged (once per run). */
  warned: boolean;
  pacer: FlushPacer;
  chain: Promise<void>;
}

function log(level: "warn" | "error" | "info", msg: string, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, msg, ...extra });
  if (level === "info") console.log(line);
  else console.error(line);
}

/** An error's message without anything of the URL (which may hold a password). */
const reason = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/redis:\/\/\S+/g, "redis://…");

export function redisRunBus(url: string): RunBus {
  // Down until the first connection: a run mirrored before it is rebuilt then, without a warning.
  let writerDown = true;
  let everReady = false;
  const writer = new Redis(url, {
    // A command while disconnected fails at once: the runner must never wait on its mirror.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(2_000, 100 * attempt),
  });
  // One line per outage (ioredis reports every failed reconnect).
  let reported = false;
  writer.on("error", (err) => {
    if (!reported)
      log("error", "redis: unreachable; live runs are mirrored again once it is back", {
        error: reason(err),
      });
    reported = true;
    writerDown = true;
  });
  const mirrors = new Map<string, Mirror>();
  writer.on("ready", () => {
    if (everReady) log("info", "redis: connection back");
    writerDown = false;
    everReady = true;
    reported = false;
    // Runs whose mirror failed meanwhile (or started before the first connection) are rebuilt now,
    // not only at their next event: a run waiting on a slow model may have none for a while.
    for (const m of mirrors.values()) if (m.broken) flush(m);
  });

  async function write(m: Mirror): Promise<void> {
    const items = m.run.items;
    const from = m.broken ? 0 : m.sent;
    const upto = items.length;
    const key = streamKey(m.run.meta.runId);
    if (from === upto && !m.ended) return;
    const tx = writer.multi();
    if (m.broken) tx.del(key);
    if (upto > from)
      tx.xadd(
        key,
        "MAXLEN",
        "~",
        MAX_ENTRIES,
        "*",
        "n",
        String(from),
        "i",
        JSON.stringify(items.slice(from, upto)),
      );
    if (m.ended) tx.xadd(key, "MAXLEN", "~", MAX_ENTRIES, "*", "end", "1");
    tx.pexpire(key, m.ended ? FINISHED_TTL_MS : RUNNING_TTL_MS);
    try {
      const results = await tx.exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (!results || failed) throw failed ?? new Error("transaction discarded");
      m.sent = upto;
      m.broken = false;
      if (m.ended) forget(m);
    } catch (err) {
      if (!m.warned && !writerDown) {
        m.warned = true;
        log("warn", "redis: mirroring a run failed", { runId: m.run.meta.runId, error: reason(err) });
      }
      m.broken = true;
      // A running run retries with its next items; an ended one has none: retry for a while.
      if (m.ended) {
        if (Date.now() - m.endedAt < END_RETRY_MS) setTimeout(() => flush(m), 1_000).unref();
        else forget(m);
      }
    }
  }

  function flush(m: Mirror) {
    m.chain = m.chain.then(() => write(m));
  }

  /** Drops an ended run's mirror, unless the same id already mirrors its resumption. */
  function forget(m: Mirror) {
    if (mirrors.get(m.run.meta.runId) === m) mirrors.delete(m.run.meta.runId);
  }

  function mirrorOf(run: LiveRun): Mirror {
    let m = mirrors.get(run.meta.runId);
    // A run resumed after a pause keeps its id but is a new LiveRun: it starts a mirror of its own
    // (rewriting the stream from its start) even while the paused one's last write is under way.
    if (!m || m.run !== run) {
      const mirror: Mirror = {
        run,
        sent: 0,
        broken: true,
        ended: false,
        endedAt: 0,
        warned: false,
        chain: Promise.resolve(),
        pacer: new FlushPacer(() => flush(mirror)),
      };
      m = mirror;
      mirrors.set(run.meta.runId, m);
    }
    return m;
  }

  let signalListener: Redis | undefined;
  // Every follower of this process reads through one blocking connection (./stream-reader).
  const reader = streamReader(writer, { quietMs: QUIET_MS });

  return {
    followsOtherProcesses: true,

    append(run) {
      mirrorOf(run).pacer.schedule();
    },

    end(run) {
      const m = mirrorOf(run);
      m.ended = true;
      m.endedAt = Date.now();
      m.pacer.cancel();
      flush(m);
    },

    follow: (runId, stillRunning) => followStream(writer, reader, runId, stillRunning),

    async signal(signal: RunSignal) {
      try {
        await writer.publish(SIGNAL_CHANNEL, JSON.stringify(signal));
      } catch (err) {
        log("warn", "redis: relaying a run signal failed; relaying it through the database", {
          signal: signal.type,
          error: reason(err),
        });
        await sendRunSignal(signal);
      }
    },

    onSignal(handler) {
      if (signalListener) return;
      signalListener = writer.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      signalListener.on("error", () => {}); // reported by the writer's connection
      signalListener.on("message", (channel: string, payload: string) => {
        const signal = channel === SIGNAL_CHANNEL ? parseRunSignal(payload) : null;
        if (signal) handler(signal);
      });
      // ioredis subscribes again after every reconnect.
      void signalListener.subscribe(SIGNAL_CHANNEL).catch(() => {});
      listenForRunSignals(handler);
    },

    async close() {
      await Promise.all(
        [...mirrors.values()].map((m) => {
          m.pacer.cancel();
          flush(m);
          return withTimeout(m.chain, 2_000).catch(() => {});
        }),
      );
      signalListener?.disconnect();
      reader.close();
      writer.disconnect();
    },

    async check() {
      try {
        await withTimeout(writer.ping(), 2_000);
        return { ok: true };
      } catch {
        return { ok: false, detail: "Redis (REDIS_URL) is unreachable." };
      }
    },
  };
}

/** The fields of a stream entry as a record. */
function fieldsOf(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) out[fields[i]] = fields[i + 1];
  return out;
}

/** Waits (a little) for a connection still being made; commands on it fail at once otherwise. */
async function connected(conn: Redis, ms: number): Promise<void> {
  if (conn.status === "ready") return;
  await withTimeout(new Promise<void>((resolve) => conn.once("ready", () => resolve())), ms).catch(() => {});
}

/**
 * Replays a run's stream from its first entry (non-blocking reads on the writer's connection), then
 * follows it through the process's shared reader. Null when there is nothing to replay from the start.
 */
async function followStream(
  writer: Redis,
  reader: StreamReader,
  runId: string,
  stillRunning: () => Promise<boolean>,
): Promise<RunFeed | null> {
  const key = streamKey(runId);
  const feed: RunFeed = { items: [], done: false, listeners: new Set<FeedListener>() };

  /** Applies entries; "gap" when they can't continue what the follower has. */
  const apply = (entries: Entries, notify: boolean): "more" | "end" | "gap" => {
    for (const [id, raw] of entries) {
      follower.lastId = id;
      const f = fieldsOf(raw);
      if (f.end) return "end";
      const from = Number(f.n);
      const items = JSON.parse(f.i ?? "[]") as StreamItem[];
      if (!Number.isInteger(from) || from > feed.items.length) return "gap";
      // A rebuilt stream starts again from the first item: skip what was already delivered.
      for (const item of items.slice(feed.items.length - from)) {
        feed.items.push(item);
        if (notify) for (const l of feed.listeners) l(item);
      }
    }
    return "more";
  };
  const end = () => {
    if (feed.done) return;
    feed.done = true;
    for (const l of feed.listeners) l(null);
    feed.listeners.clear();
  };
  const follower: StreamFollower = {
    lastId: "0",
    deliver(entries) {
      if (apply(entries, true) === "more") return true;
      end();
      return false;
    },
    quiet() {
      stillRunning().then(
        (running) => {
          if (running) return;
          reader.remove(key, follower);
          end();
        },
        () => {
          reader.remove(key, follower);
          end();
        },
      );
    },
    lost: end,
  };

  try {
    await connected(writer, QUIET_MS);
    // Everything so far, in pages.
    for (;;) {
      const page = (await writer.xread("COUNT", 1000, "STREAMS", key, follower.lastId)) as
        | [string, Entries][]
        | null;
      const entries = page?.[0]?.[1] ?? [];
      if (!entries.length) break;
      const outcome = apply(entries, false);
      if (outcome === "gap") break;
      if (outcome === "end") {
        feed.done = true;
        break;
      }
    }
  } catch {
    return null;
  }
  if (feed.items[0]?.type !== "meta") return null;
  if (feed.done) return feed;
  // The follower went away: its page stops being fed; the reader drops the stream once nobody follows it.
  feed.close = () => reader.remove(key, follower);
  reader.add(key, follower);
  return feed;
}
