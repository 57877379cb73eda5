// One blocking reader per process for every run this process follows through Redis.
//
// A blocking XREAD holds its connection, so a connection per follower would mean thousands of
// Redis clients for thousands of open pages. Instead one connection loops on a single
// `XREAD BLOCK … STREAMS k1 k2 … id1 id2 …` over every followed run's stream and hands each entry
// to the followers of that run. A follower that joins while the read is blocked (its stream is not
// in it yet) wakes it with `CLIENT UNBLOCK` from the given non-blocking connection, so its live
// events don't wait for the block to time out. Followers of one run share its place in the read:
// it reads from the oldest id any of them has, and each skips entries it already applied.
//
// When the reader's connection drops (Redis restarted) every follower is told and ends — the page
// then follows the saved message — and the next follower opens a new connection.
import type Redis from "ioredis";

export type Entries = [id: string, fields: string[]][];

export interface StreamFollower {
  /** The id of the last entry this follower applied ("0": none). */
  lastId: string;
  /** Entries after `lastId`, in order. False: the follower is done with the stream. */
  deliver(entries: Entries): boolean;
  /** Nothing arrived for this follower for a quiet period (its runner may have died). */
  quiet(): void;
  /** The reader's connection dropped: the follower ends. */
  lost(): void;
}

export interface StreamReader {
  add(key: string, follower: StreamFollower): void;
  remove(key: string, follower: StreamFollower): void;
  close(): void;
}

/** The name the reader's connection has in `CLIENT LIST`. */
export const READER_CONNECTION_NAME = "delegate-run-follow";

/** Whether stream entry id `a` comes after `b` ("<ms>-<seq>"). */
export function idAfter(a: string, b: string): boolean {
  const [am, as = 0] = a.split("-").map(Number);
  const [bm, bs = 0] = b.split("-").map(Number);
  return am > bm || (am === bm && as > bs);
}

export function streamReader(source: Redis, { quietMs }: { quietMs: number }): StreamReader {
  const followers = new Map<string, Set<StreamFollower>>();
  /** When each follower last got an entry (or was asked whether its run still runs). */
  const heard = new Map<StreamFollower, number>();
  let conn: Redis | undefined;
  let connId: Promise<number | null> = Promise.resolve(null);
  let looping = false;
  let blocked = false;
  let woken = false;
  let closed = false;

  function connection(): Redis {
    if (conn) return conn;
    // No reconnect: a dropped connection ends its followers (their pages fall back to the saved
    // message); the next follower opens a fresh one.
    const c = source.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectionName: READER_CONNECTION_NAME,
    });
    c.on("error", () => {}); // the bus's writer reports outages
    c.once("end", () => dropped(c));
    conn = c;
    connId = (c.client("ID") as Promise<number>).catch(() => null);
    return c;
  }

  function dropped(c: Redis) {
    if (conn !== c) return;
    conn = undefined;
    c.disconnect();
    const lost = [...heard.keys()];
    followers.clear();
    heard.clear();
    for (const f of lost) f.lost();
  }

  /** A blocked read doesn't include a stream that joined after it was sent: end it early. */
  async function wake() {
    if (!blocked || woken) return;
    woken = true;
    const id = await connId;
    if (id !== null) await source.client("UNBLOCK", id).catch(() => {});
  }

  async function loop() {
    looping = true;
    try {
      while (followers.size && !closed) {
        const c = connection();
        const keys = [...followers.keys()];
        const ids = keys.map((k) => {
          let min: string | undefined;
          for (const f of followers.get(k) ?? [])
            if (min === undefined || idAfter(min, f.lastId)) min = f.lastId;
          return min ?? "0";
        });
        woken = false;
        blocked = true;
        let page: [string, Entries][] | null;
        try {
          page = (await c.xread("COUNT", 1000, "BLOCK", quietMs, "STREAMS", ...keys, ...ids)) as
            | [string, Entries][]
            | null;
        } catch {
          dropped(c);
          continue;
        } finally {
          blocked = false;
        }
        const now = Date.now();
        for (const [key, entries] of page ?? []) {
          for (const f of [...(followers.get(key) ?? [])]) {
            const fresh = entries.filter(([id]) => idAfter(id, f.lastId));
            if (!fresh.length) continue;
            heard.set(f, now);
            if (!f.deliver(fresh)) remove(key, f);
          }
        }
        for (const [f, at] of heard) {
          if (now - at < quietMs) continue;
          heard.set(f, now);
          f.quiet();
        }
      }
    } finally {
      looping = false;
    }
  }

  function remove(key: string, follower: StreamFollower) {
    heard.delete(follower);
    const set = followers.get(key);
    if (!set?.delete(follower)) return;
    if (!set.size) followers.delete(key);
  }

  return {
    add(key, follower) {
      if (closed) return follower.lost();
      const set = followers.get(key) ?? new Set();
      followers.set(key, set);
      set.add(follower);
      heard.set(follower, Date.now());
      connection();
      if (looping) void wake();
      else void loop();
    },
    remove,
    close() {
      closed = true;
      const c = conn;
      conn = undefined;
      const lost = [...heard.keys()];
      followers.clear();
      heard.clear();
      c?.disconnect();
      for (const f of lost) f.lost();
    },
  };
}
