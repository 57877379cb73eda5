import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { admitRun, finishRun, getLimitsForUser, reapStaleRuns } from "@/lib/quota";
import type { QuotaValues } from "@/lib/quota/fields";
import { query, resetDatabase } from "../helpers/reset-db";
import {
  makeConversation,
  makeUser,
  otherProcessClient,
  setSettings,
  settle,
  viaClient,
} from "./quota-fixtures";

// Two pools = two app processes sharing one database.
const processes = [otherProcessClient(), otherProcessClient()];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.$disconnect()));
});

/** `n` sends at once over two processes; `quota`: the limits read before, as the chat route passes them. */
async function fire(n: number, userId: string, conversationId: string, quota?: QuotaValues) {
  return settle(
    Array.from({ length: n }, (_, i) =>
      viaClient(processes[i % 2], () =>
        admitRun({
          userId,
          conversationId,
          assistantMessageId: `msg_${i}_${Math.random()}`,
          agentId: "a1",
          quota,
        }),
      ),
    ),
  );
}

async function runningCount(userId: string) {
  const [row] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Run" WHERE "userId" = $1 AND status = 'RUNNING'`,
    [userId],
  );
  return row.n;
}

describe("admitRun under concurrent requests", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("20 simultaneous sends with 5 concurrent runs allowed: exactly 5 run, 15 get 429 with retryAfter", async () => {
    await setSettings({ maxConcurrentRuns: 5, messagesPerWindow: 0 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const { ok, errors } = await fire(20, user.id, conv);
    expect(ok).toHaveLength(5);
    expect(errors).toHaveLength(15);
    for (const e of errors) {
      expect(e.code).toBe("rate_limit:concurrent_runs");
      expect(e.status).toBe(429);
      expect(e.retryAfter).toBeGreaterThan(0);
    }
    expect(await runningCount(user.id)).toBe(5);
    // A finished run frees its slot for the next send.
    expect(await finishRun({ runId: ok[0].runId, status: "COMPLETED" })).toEqual({ changed: true });
    expect(await finishRun({ runId: ok[0].runId, status: "FAILED" })).toEqual({ changed: false });
    const again = await fire(3, user.id, conv);
    expect(again.ok).toHaveLength(1);
  });

  it("the same with the limits read before the lock (the chat route's one-batch path): exactly 5 run", async () => {
    await setSettings({ maxConcurrentRuns: 5, messagesPerWindow: 0 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const quota = await getLimitsForUser({ userId: user.id });
    const { ok, errors } = await fire(20, user.id, conv, quota);
    expect(ok).toHaveLength(5);
    expect(errors.map((e) => e.code)).toEqual(Array(15).fill("rate_limit:concurrent_runs"));
    expect(await runningCount(user.id)).toBe(5);

    // And by the message rate.
    await setSettings({ maxConcurrentRuns: 50, messagesPerWindow: 8, windowSeconds: 120 });
    const rate = await fire(20, user.id, conv, await getLimitsForUser({ userId: user.id }));
    expect(rate.ok).toHaveLength(3);
    expect(rate.errors.map((e) => e.code)).toEqual(Array(17).fill("rate_limit:messages"));
  });

  it("20 simultaneous sends with 5 messages per window: exactly 5 run, the rest get rate_limit:messages", async () => {
    await setSettings({ maxConcurrentRuns: 20, messagesPerWindow: 5, windowSeconds: 120 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const { ok, errors } = await fire(20, user.id, conv);
    expect(ok).toHaveLength(5);
    expect(errors.map((e) => e.code)).toEqual(Array(15).fill("rate_limit:messages"));
    for (const e of errors) {
      expect(e.status).toBe(429);
      expect(e.retryAfter).toBeGreaterThan(100);
      expect(e.retryAfter).toBeLessThanOrEqual(120);
    }
    // Finished runs still count: the window is about messages sent, not runs alive.
    await Promise.all(ok.map((r) => finishRun({ runId: r.runId, status: "COMPLETED" })));
    expect((await fire(1, user.id, conv)).errors[0]?.code).toBe("rate_limit:messages");
  });

  it("the window slides: runs older than the window no longer count, retryAfter says when", async () => {
    await setSettings({ maxConcurrentRuns: 20, messagesPerWindow: 2, windowSeconds: 60 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const first = await fire(2, user.id, conv);
    expect(first.ok).toHaveLength(2);
    // Age the first run by 50 s: it leaves the window in about 10 s.
    await query(`UPDATE "Run" SET "startedAt" = "startedAt" - interval '50 seconds' WHERE id = $1`, [
      first.ok[0].runId,
    ]);
    const refused = await fire(1, user.id, conv);
    expect(refused.errors[0].retryAfter).toBeGreaterThanOrEqual(9);
    expect(refused.errors[0].retryAfter).toBeLessThanOrEqual(11);
    await query(`UPDATE "Run" SET "startedAt" = "startedAt" - interval '15 seconds' WHERE id = $1`, [
      first.ok[0].runId,
    ]);
    expect((await fire(1, user.id, conv)).ok).toHaveLength(1);
  });

  it("limits are per user: one user's runs don't block another", async () => {
    await setSettings({ maxConcurrentRuns: 1, messagesPerWindow: 0 });
    const a = await makeUser();
    const b = await makeUser();
    const [ra, rb] = await Promise.all([
      fire(4, a.id, await makeConversation(a.id)),
      fire(4, b.id, await makeConversation(b.id)),
    ]);
    expect([ra.ok.length, rb.ok.length]).toEqual([1, 1]);
  });

  it("a per-user override applies to the next admission without a restart", async () => {
    await setSettings({ maxConcurrentRuns: 1, messagesPerWindow: 0 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    expect((await fire(3, user.id, conv)).ok).toHaveLength(1);
    await query(
      `INSERT INTO "QuotaOverride" ("userId", "maxConcurrentRuns", "maxSubagentDepth", "updatedAt") VALUES ($1, 3, 2, now())`,
      [user.id],
    );
    expect((await fire(5, user.id, conv)).ok).toHaveLength(2);
    const limits = await getLimitsForUser({ userId: user.id });
    expect(limits).toMatchObject({
      maxConcurrentRuns: 3,
      maxSubagentDepth: 2,
      maxSubagentRunConfigs: 100,
      recursionLimit: 50,
    });
    const admitted = await admitRun({ userId: user.id, conversationId: conv, assistantMessageId: "x" }).catch(
      (e) => e,
    );
    expect(admitted.code).toBe("rate_limit:concurrent_runs");
  });

  it("stale RUNNING runs (no process, no recent model call) are reaped and stop blocking the user", async () => {
    await setSettings({ maxConcurrentRuns: 1, messagesPerWindow: 0 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const { ok } = await fire(1, user.id, conv);
    await query(`UPDATE "Run" SET "startedAt" = "startedAt" - interval '1 hour' WHERE id = $1`, [
      ok[0].runId,
    ]);
    // A run that still makes model calls is alive, however old.
    const live = await makeUser();
    const liveConv = await makeConversation(live.id);
    const liveRun = (await fire(1, live.id, liveConv)).ok[0].runId;
    await query(`UPDATE "Run" SET "startedAt" = "startedAt" - interval '1 hour' WHERE id = $1`, [liveRun]);
    await query(`INSERT INTO "UsageRecord" (id, "runId", "userId", "agentId") VALUES ('u1', $1, $2, 'a1')`, [
      liveRun,
      live.id,
    ]);

    expect(await reapStaleRuns({ olderThanMinutes: 15 })).toEqual({ reaped: [ok[0].runId] });
    const [row] = await query<{ status: string; endedAt: Date | null }>(
      `SELECT status, "endedAt" FROM "Run" WHERE id = $1`,
      [ok[0].runId],
    );
    expect(row.status).toBe("FAILED");
    expect(row.endedAt).not.toBeNull();
    expect(await runningCount(live.id)).toBe(1);
  });

  it("the sweep marks answers left streaming without a running run as interrupted, and only those", async () => {
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const message = (id: string, age: string) =>
      query(
        `INSERT INTO "Message" (id, "conversationId", role, status, "createdAt") VALUES ($1, $2, 'ASSISTANT', 'STREAMING', now() - $3::interval)`,
        [id, conv, age],
      );
    await message("m_orphan", "1 hour"); // its process died before the run was admitted
    await message("m_recent", "1 minute"); // may be being admitted right now
    await message("m_running", "1 hour"); // its run is alive in another process
    await query(
      `INSERT INTO "Run" (id, "userId", "conversationId", "assistantMessageId", status) VALUES ('r1', $1, $2, 'm_running', 'RUNNING')`,
      [user.id, conv],
    );
    await query(
      `INSERT INTO "UsageRecord" (id, "runId", "userId", "agentId") VALUES ('u_live', 'r1', $1, 'a1')`,
      [user.id],
    );
    await reapStaleRuns({ olderThanMinutes: 15 });
    const rows = await query<{ id: string; status: string; error: { code: string } | null }>(
      `SELECT id, status, error FROM "Message" ORDER BY id`,
    );
    expect(rows.map((r) => [r.id, r.status, r.error?.code ?? null])).toEqual([
      ["m_orphan", "INTERRUPTED", "internal:interrupted"],
      ["m_recent", "STREAMING", null],
      ["m_running", "STREAMING", null],
    ]);
  });

  it("admitRun reaps the user's own dead runs before counting", async () => {
    await setSettings({ maxConcurrentRuns: 1, messagesPerWindow: 0 });
    const user = await makeUser();
    const conv = await makeConversation(user.id);
    const { ok } = await fire(1, user.id, conv);
    await query(`UPDATE "Run" SET "startedAt" = "startedAt" - interval '1 hour' WHERE id = $1`, [
      ok[0].runId,
    ]);
    expect((await fire(1, user.id, conv)).ok).toHaveLength(1);
  });
});
