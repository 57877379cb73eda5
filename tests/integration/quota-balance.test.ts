import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  admitRun,
  chargeModelCall,
  emptyBalanceRefusal,
  getBalanceForUser,
  grantBalance,
  setBalance,
  usageHook,
} from "@/lib/quota";
import { query, resetDatabase } from "../helpers/reset-db";
import {
  makeConversation,
  makeUser,
  otherProcessClient,
  setSettings,
  settle,
  viaClient,
} from "./quota-fixtures";

const processes = [otherProcessClient(), otherProcessClient()];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.$disconnect()));
});

const admin = { id: "admin-id", email: "admin@example.com" };

async function balanceRow(userId: string) {
  const [row] = await query<{ balance: number }>(`SELECT balance FROM "TokenBalance" WHERE "userId" = $1`, [
    userId,
  ]);
  return row?.balance;
}
async function ledgerSum(userId: string) {
  const [row] = await query<{ sum: number }>(
    `SELECT COALESCE(SUM(amount), 0)::int AS sum FROM "BalanceEntry" WHERE "userId" = $1`,
    [userId],
  );
  return row.sum;
}

async function startRun(userId: string) {
  const conversationId = await makeConversation(userId);
  return admitRun({ userId, conversationId, assistantMessageId: `m_${Math.random()}`, agentId: "root" });
}

describe("token balances", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("parallel model calls: the ledger sums to the balance and it never dips more than one call below zero", async () => {
    await setSettings({
      balanceEnabled: true,
      startBalance: 1_000,
      maxConcurrentRuns: 10,
      messagesPerWindow: 0,
    });
    const user = await makeUser();
    const { runId } = await startRun(user.id);
    const call = 130; // 100 in + 30 out
    const { ok, errors } = await settle(
      Array.from({ length: 40 }, (_, i) =>
        viaClient(processes[i % 2], () =>
          chargeModelCall({
            runId,
            userId: user.id,
            agentId: i % 2 ? "child" : "root",
            spanId: `s${i}`,
            parentSpanId: i % 2 ? "root-span" : null,
            depth: i % 2,
            inputTokens: 100,
            outputTokens: 30,
          }),
        ),
      ),
    );
    const balance = await balanceRow(user.id);
    // 1000 / 130 → 7 calls leave 90, the 8th takes it to -40 and stops the run; the rest are not charged.
    expect(balance).toBe(1_000 - 8 * call);
    expect(balance).toBeGreaterThan(-call);
    expect(await ledgerSum(user.id)).toBe(balance);
    expect(ok).toHaveLength(7);
    expect(errors).toHaveLength(33);
    expect(new Set(errors.map((e) => e.code))).toEqual(new Set(["limit:balance"]));
    expect(errors[0].message).toMatch(/ran out during this answer/);
    // Every call is still recorded as usage (40 rows), charged or not.
    const [usage] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "UsageRecord" WHERE "runId" = $1`,
      [runId],
    );
    expect(usage.n).toBe(40);
    const kinds = await query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM "BalanceEntry" WHERE "userId" = $1 GROUP BY kind ORDER BY kind`,
      [user.id],
    );
    expect(kinds).toEqual([
      { kind: "START", n: 1 },
      { kind: "CHARGE", n: 8 },
      { kind: "UNCHARGED", n: 32 },
    ]);
  });

  it("an empty balance refuses new runs with limit:balance and says when it refills", async () => {
    await setSettings({
      balanceEnabled: true,
      startBalance: 50,
      refillAmount: 500,
      refillIntervalSeconds: 3600,
      messagesPerWindow: 0,
    });
    const user = await makeUser();
    const { runId } = await startRun(user.id);
    await expect(
      chargeModelCall({
        runId,
        userId: user.id,
        agentId: "root",
        depth: 0,
        inputTokens: 40,
        outputTokens: 20,
      }),
    ).rejects.toMatchObject({ code: "limit:balance" });
    const refused = await startRun(user.id).catch((e) => e);
    expect(refused.code).toBe("limit:balance");
    expect(refused.message).toMatch(/no tokens left.*refills with 500 tokens at/);
    expect(refused.retryAfter).toBeGreaterThan(3500);
    // The chat reads the same refusal (to disable Regenerate with its reason) without writing.
    const entries = await ledgerSum(user.id);
    const blocked = await emptyBalanceRefusal({ userId: user.id });
    expect(blocked).toMatchObject({ code: "limit:balance", message: refused.message });
    expect(await ledgerSum(user.id)).toBe(entries);
  });

  it("emptyBalanceRefusal: null with tokens left or balances off, and it never creates a balance", async () => {
    await setSettings({ balanceEnabled: true, startBalance: 0, refillAmount: 0, messagesPerWindow: 0 });
    const empty = await makeUser();
    expect(await emptyBalanceRefusal({ userId: empty.id })).toMatchObject({
      code: "limit:balance",
      message: expect.stringContaining("Ask an administrator for more."),
    });
    expect(await balanceRow(empty.id)).toBeUndefined();
    await setSettings({ balanceEnabled: true, startBalance: 10, refillAmount: 0, messagesPerWindow: 0 });
    expect(await emptyBalanceRefusal({ userId: (await makeUser()).id })).toBeNull();
    await setSettings({ balanceEnabled: false, startBalance: 0, refillAmount: 0, messagesPerWindow: 0 });
    expect(await emptyBalanceRefusal({ userId: empty.id })).toBeNull();
  });

  it("refills lazily once the interval has passed, and records it in the ledger", async () => {
    await setSettings({
      balanceEnabled: true,
      startBalance: 0,
      refillAmount: 300,
      refillIntervalSeconds: 3600,
      messagesPerWindow: 0,
    });
    const user = await makeUser();
    expect((await startRun(user.id).catch((e) => e)).code).toBe("limit:balance");
    expect(await balanceRow(user.id)).toBe(0);
    await query(
      `UPDATE "TokenBalance" SET "lastRefillAt" = "lastRefillAt" - interval '61 minutes' WHERE "userId" = $1`,
      [user.id],
    );
    // Shown as the next run will find it; showing it writes nothing, the run's admission refills.
    const view = await getBalanceForUser({ userId: user.id });
    expect(view).toMatchObject({ enabled: true, balance: 300, refillAmount: 300 });
    const next = view.enabled ? view.nextRefillAt : null;
    expect(next && next.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(await balanceRow(user.id)).toBe(0);
    expect((await startRun(user.id)).runId).toBeTruthy();
    expect(await balanceRow(user.id)).toBe(300);
    // Only once per interval, however often a run starts.
    expect((await startRun(user.id)).runId).toBeTruthy();
    expect(await balanceRow(user.id)).toBe(300);
    expect(await ledgerSum(user.id)).toBe(300);
  });

  it("balances off: calls are recorded but nothing is charged or refused", async () => {
    await setSettings({ balanceEnabled: false, startBalance: 0, messagesPerWindow: 0 });
    const user = await makeUser();
    const { runId } = await startRun(user.id);
    const res = await chargeModelCall({
      runId,
      userId: user.id,
      agentId: "root",
      depth: 0,
      inputTokens: 10,
      outputTokens: 5,
    });
    expect(res).toMatchObject({ charged: 0, balance: null });
    expect(await balanceRow(user.id)).toBeUndefined();
  });

  it("a per-user override turns balances on for one user only", async () => {
    await setSettings({ balanceEnabled: false, startBalance: 0, messagesPerWindow: 0 });
    const capped = await makeUser();
    const free = await makeUser();
    await query(
      `INSERT INTO "QuotaOverride" ("userId", "balanceEnabled", "updatedAt") VALUES ($1, true, now())`,
      [capped.id],
    );
    expect((await startRun(capped.id).catch((e) => e)).code).toBe("limit:balance");
    expect((await startRun(free.id)).runId).toBeTruthy();
  });

  it("admins grant and set balances; the ledger and the audit log record both", async () => {
    await setSettings({ balanceEnabled: true, startBalance: 100, messagesPerWindow: 0 });
    const user = await makeUser("grantee@example.com");
    expect(await grantBalance({ userId: user.id, amount: 400, actor: admin })).toEqual({
      before: 100,
      balance: 500,
      email: user.email,
    });
    expect(await setBalance({ userId: user.id, balance: 42, actor: admin })).toEqual({
      before: 500,
      balance: 42,
      email: user.email,
    });
    expect(await ledgerSum(user.id)).toBe(42);
    const audit = await query(
      `SELECT "actorEmail", kind, "targetEmail", key, "oldValue", "newValue" FROM "AdminAudit" ORDER BY "createdAt"`,
    );
    expect(audit).toEqual([
      {
        actorEmail: admin.email,
        kind: "balance",
        targetEmail: user.email,
        key: "balance:grant",
        oldValue: "100",
        newValue: "500",
      },
      {
        actorEmail: admin.email,
        kind: "balance",
        targetEmail: user.email,
        key: "balance:set",
        oldValue: "500",
        newValue: "42",
      },
    ]);
  });

  it("grants racing with charges keep the ledger exact", async () => {
    await setSettings({
      balanceEnabled: true,
      startBalance: 10_000,
      maxConcurrentRuns: 10,
      messagesPerWindow: 0,
    });
    const user = await makeUser();
    const { runId } = await startRun(user.id);
    const hook = usageHook({ runId, userId: user.id });
    const info = {
      agentId: "root",
      spanId: "s",
      parentSpanId: null,
      depth: 0,
      provider: "demo",
      model: "demo",
      isSubagent: false,
    };
    await Promise.all([
      ...Array.from({ length: 15 }, () =>
        hook({ ...info, inputTokens: 70, outputTokens: 30, cachedInputTokens: 0, reasoningTokens: 0 }),
      ),
      ...Array.from({ length: 5 }, () => grantBalance({ userId: user.id, amount: 10, actor: admin })),
    ]);
    expect(await balanceRow(user.id)).toBe(10_000 - 15 * 100 + 5 * 10);
    expect(await ledgerSum(user.id)).toBe(10_000 - 15 * 100 + 5 * 10);
  });
});
