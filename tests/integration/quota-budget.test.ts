// Money budgets (lib/quota/budget.ts) against real PostgreSQL and the real engine: period budgets
// refuse with when they reset, 20 simultaneous sends stay within the budget, per-user overrides
// beat the admin default, and a user's own per-answer cap can only be lower than the admin's.
import { beforeEach, describe, expect, it } from "vitest";
import { createRun } from "@/lib/agents";
import { agent, collect } from "@/lib/agents/testing/fixtures";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import {
  admitRun,
  finishRun,
  getLimitsForUser,
  getMoneyBudgetsForUser,
  setOwnAnswerBudget,
  usageHook,
} from "@/lib/quota";
import { budgetPeriods } from "@/lib/quota/budget";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeConversation, makeUser, setSettings, settle } from "./quota-fixtures";

const quiet = { info() {}, warn() {}, error() {} };
let seq = 0;

/** A finished run of the user with one model call of `cost` at `at`. */
async function spend(userId: string, conversationId: string, cost: number, at = new Date()) {
  const runId = `spent_${++seq}`;
  await query(
    `INSERT INTO "Run" (id, "userId", "conversationId", "assistantMessageId", status, "startedAt", "endedAt")
     VALUES ($1, $2, $3, $4, 'COMPLETED', $5, $5)`,
    [runId, userId, conversationId, `m_${runId}`, at],
  );
  await query(
    `INSERT INTO "UsageRecord" (id, "runId", "userId", "agentId", "inputTokens", "outputTokens", cost, "createdAt")
     VALUES ($1, $2, $3, 'a', 1, 1, $4, $5)`,
    [`u_${runId}`, runId, userId, cost, at],
  );
}

const send = (userId: string, conversationId: string) =>
  admitRun({ userId, conversationId, assistantMessageId: `a_${++seq}_${Math.random()}` });

describe("period budgets at admission", () => {
  beforeEach(async () => {
    await resetDatabase();
    await setSettings({ messagesPerWindow: 0, maxConcurrentRuns: 20 });
  });

  it("a used-up monthly budget refuses with the first of next month (UTC) as its reset", async () => {
    await setSettings({ monthlyBudget: 1 });
    const u = await makeUser();
    const conv = await makeConversation(u.id);
    // Last month's spending does not count.
    await spend(u.id, conv, 5, new Date(budgetPeriods(new Date()).monthStart.getTime() - 1000));
    await spend(u.id, conv, 0.7);
    await expect(send(u.id, conv)).resolves.toMatchObject({ answerBudget: expect.any(Number) });
    await spend(u.id, conv, 0.3);
    const err = await send(u.id, conv).catch((e) => e);
    const next = budgetPeriods(new Date()).nextMonth;
    expect(err).toMatchObject({
      code: "limit:budget",
      key: "limit.budget_month",
      values: { amount: "1", at: next.toISOString() },
    });
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(err.message).toContain("resets at");
    expect(next.getUTCDate()).toBe(1);
    expect(next.getUTCHours()).toBe(0);
  });

  it("a daily budget resets at the next UTC midnight; yesterday does not count", async () => {
    await setSettings({ dailyBudget: 0.5 });
    const u = await makeUser();
    const conv = await makeConversation(u.id);
    const { dayStart, nextDay } = budgetPeriods(new Date());
    await spend(u.id, conv, 3, new Date(dayStart.getTime() - 1000));
    await spend(u.id, conv, 0.5);
    await expect(send(u.id, conv)).rejects.toMatchObject({
      key: "limit.budget_day",
      values: { at: nextDay.toISOString() },
    });
  });

  it("a running answer holds its share: with no per-answer cap it holds all that is left", async () => {
    await setSettings({ monthlyBudget: 1 });
    const u = await makeUser();
    const conv = await makeConversation(u.id);
    await spend(u.id, conv, 0.25);
    const first = await send(u.id, conv);
    expect(first.answerBudget).toBe(0.75);
    await expect(send(u.id, conv)).rejects.toMatchObject({ key: "limit.budget_month_held" });
    await finishRun({ runId: first.runId, status: "COMPLETED" });
    await expect(send(u.id, conv)).resolves.toMatchObject({ answerBudget: 0.75 });
  });

  it("a per-user override beats the admin default, and nothing else's data counts", async () => {
    await setSettings({ monthlyBudget: 1 });
    const a = await makeUser();
    const b = await makeUser();
    const convA = await makeConversation(a.id);
    const convB = await makeConversation(b.id);
    await spend(a.id, convA, 2);
    await spend(b.id, convB, 2);
    await query(
      `INSERT INTO "QuotaOverride" ("userId", "monthlyBudget", "updatedAt") VALUES ($1, 5, now())`,
      [b.id],
    );
    await expect(send(a.id, convA)).rejects.toMatchObject({ code: "limit:budget" });
    await expect(send(b.id, convB)).resolves.toMatchObject({ answerBudget: 3 });
    const c = await makeUser();
    // Another user's spending is not theirs.
    await expect(send(c.id, await makeConversation(c.id))).resolves.toMatchObject({ answerBudget: 1 });
  });
});

describe("20 simultaneous sends against one monthly budget", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("never spend more than the budget plus one model call", async () => {
    // $1 a month, $0.10 per answer; each model call costs $0.02 (20 tokens at 1,000 per million).
    await setSettings({ messagesPerWindow: 0, maxConcurrentRuns: 20, monthlyBudget: 1, answerBudget: 0.1 });
    const u = await makeUser();
    const conv = await makeConversation(u.id);
    const price = { input: 1000, cachedInput: 1000, output: 1000, reasoning: 1000 };
    const looping = agent("a", undefined, { tools: ["calculator"], parameters: { maxOutputTokens: 10 } });
    const answer = async () => {
      const quota = await getLimitsForUser({ userId: u.id });
      const admitted = await send(u.id, conv);
      const run = await createRun({
        runId: admitted.runId,
        agents: [looping],
        messages: [{ role: "user", content: "count" }],
        // Calls the calculator until its budget stops it.
        modelFactory: scriptedModelFactory({
          a: [
            {
              toolCalls: [{ name: "calculator", args: { expression: "1+1" } }],
              usage: { input: 10, output: 10 },
            },
          ],
        }),
        prices: [{ endpointId: "openai", model: "gpt-test", price }],
        onModelCallEnd: usageHook({ runId: admitted.runId, userId: u.id, quota }),
        logger: quiet,
      });
      if (admitted.answerBudget !== null) run.capCost(admitted.answerBudget);
      const events = await collect(run);
      await finishRun({ runId: admitted.runId, status: "COMPLETED" });
      return events.at(-1);
    };
    const { ok, errors } = await settle(Array.from({ length: 20 }, answer));
    expect(ok.length).toBeGreaterThan(0);
    for (const end of ok) expect(end).toMatchObject({ error: { code: "limit:answer_budget" } });
    for (const e of errors) expect(e.code).toBe("limit:budget");
    const [row] = await query<{ micros: string }>(
      `SELECT COALESCE(SUM(ROUND(cost * 1000000)), 0)::bigint AS micros FROM "UsageRecord" WHERE "userId" = $1`,
      [u.id],
    );
    const spent = Number(row.micros);
    expect(spent).toBeLessThanOrEqual(1_000_000 + 20_000);
    // The budget was used, not just refused: at least nine answers' worth of calls ran.
    expect(spent).toBeGreaterThanOrEqual(9 * 80_000);
    const view = await getMoneyBudgetsForUser({ userId: u.id });
    expect(view.spentThisMonth).toBeCloseTo(spent / 1_000_000, 6);
  });
});

describe("a user's own per-answer cap", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("may be lower than the admin's, never higher; the lower one applies", async () => {
    await setSettings({ answerBudget: 0.5 });
    const u = await makeUser();
    await expect(setOwnAnswerBudget({ userId: u.id, amount: 0.6 })).rejects.toMatchObject({
      code: "bad_request:answer_budget_above",
      status: 400,
    });
    await expect(setOwnAnswerBudget({ userId: u.id, amount: 0.1234567 })).rejects.toMatchObject({
      code: "bad_request:answer_budget",
    });
    expect((await getLimitsForUser({ userId: u.id })).answerBudget).toBe(0.5);
    await setOwnAnswerBudget({ userId: u.id, amount: 0.2 });
    expect((await getLimitsForUser({ userId: u.id })).answerBudget).toBe(0.2);
    const conv = await makeConversation(u.id);
    await expect(send(u.id, conv)).resolves.toMatchObject({ answerBudget: 0.2 });
    // The admin lowering theirs below the user's: the admin's applies.
    await setSettings({ answerBudget: 0.05 });
    expect((await getLimitsForUser({ userId: u.id })).answerBudget).toBe(0.05);
    await setOwnAnswerBudget({ userId: u.id, amount: null });
    expect((await getMoneyBudgetsForUser({ userId: u.id })).ownAnswerBudget).toBeNull();
  });
});
