// The quota layer wired to the real engine: limits read from the database reach createRun, and
// the usage hook stops a run whose balance runs out.
import { beforeEach, describe, expect, it } from "vitest";
import { createRun, type RunEvent } from "@/lib/agents";
import { agent, collect } from "@/lib/agents/testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { admitRun, engineLimits, finishRun, getLimitsForUser, usageHook } from "@/lib/quota";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeConversation, makeUser, setSettings } from "./quota-fixtures";

const user = (content: string) => ({ role: "user" as const, content });
const quiet = { info() {}, warn() {}, error() {} };

describe("quota limits and charges in real runs", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("lowering max depth to 2 makes the next run of a deeper tree fail with the depth code; no restart", async () => {
    const u = await makeUser();
    const lookup = {
      b: agent("b", { allowSelf: false, agent_ids: ["c"] }),
      c: agent("c", { allowSelf: false, agent_ids: ["d"] }),
      d: agent("d", {}),
    };
    const start = async () =>
      createRun({
        agents: [agent("a", { allowSelf: false, agent_ids: ["b"] })],
        agentLookup: lookup,
        messages: [user("go")],
        limits: engineLimits(await getLimitsForUser({ userId: u.id })),
        logger: quiet,
        modelFactory: scriptedModelFactory({ a: [{ text: "x" }] }),
      });
    await expect(start()).resolves.toBeTruthy();
    await setSettings({ maxSubagentDepth: 2 });
    await expect(start()).rejects.toMatchObject({ code: "limit:subagent_depth" });
  });

  it("a balance that runs out mid-run stops it cleanly with limit:balance; the ledger stays exact", async () => {
    await setSettings({ balanceEnabled: true, startBalance: 250, messagesPerWindow: 0 });
    const u = await makeUser();
    const { runId, limits } = await admitRun({
      userId: u.id,
      conversationId: await makeConversation(u.id),
      assistantMessageId: "m1",
      agentId: "a",
    });
    const hasTool = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
    // The root (100 tokens) sends three self-spawned children in parallel (100 tokens each).
    const factory = scriptedModelFactory((spec) =>
      spec.isSubagent
        ? [{ text: "child done", usage: { input: 80, output: 20 }, delayMs: 10 }]
        : (ctx: ScriptContext) =>
            hasTool(ctx)
              ? { text: "all done", usage: { input: 80, output: 20 } }
              : {
                  usage: { input: 80, output: 20 },
                  toolCalls: ["x", "y", "z"].map((t, i) => ({
                    name: "subagent",
                    args: { subagent_type: "self", description: `task ${t}` },
                    id: `call_${i}`,
                  })),
                },
    );
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [user("go")],
      limits: engineLimits(limits),
      logger: quiet,
      modelFactory: factory,
      onModelCallEnd: usageHook({ runId, userId: u.id }),
    });
    const events: RunEvent[] = await collect(run);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: "run_end", status: "failed", error: { code: "limit:balance" } });
    expect((end as { error?: { message: string } }).error?.message).toMatch(/ran out during this answer/);
    await finishRun({ runId, status: "FAILED" });

    const [bal] = await query<{ balance: number }>(`SELECT balance FROM "TokenBalance" WHERE "userId" = $1`, [
      u.id,
    ]);
    const [sum] = await query<{ s: number }>(
      `SELECT SUM(amount)::int AS s FROM "BalanceEntry" WHERE "userId" = $1`,
      [u.id],
    );
    expect(sum.s).toBe(bal.balance);
    // 250 - 100 (root) - 100 - 100 (children) = -50: below zero by less than one call.
    expect(bal.balance).toBe(-50);
    const [runRow] = await query<{ status: string }>(`SELECT status FROM "Run" WHERE id = $1`, [runId]);
    expect(runRow.status).toBe("FAILED");
  });
});
