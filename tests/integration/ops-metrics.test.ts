// GET /api/metrics: absent without METRICS_TOKEN, refused without the right bearer token, and
// counters that move with a real delegating answer (two subagents, one of them failing).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { DEMO_MODEL_ID } from "@/lib/providers";
import { delegating, makeAgent, makeUser, post, readStream } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const metricsRoute = await import("@/app/api/metrics/route");

const TOKEN = "metrics-token-for-the-test-0123456789";
const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");

function scrape(authorization?: string) {
  return metricsRoute.GET(
    new Request("http://test/api/metrics", {
      headers: authorization ? { Authorization: authorization } : {},
    }),
  );
}

/** The value of one sample in Prometheus text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(" ")[0];
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`)))
      return Number(line.split(" ").at(-1));
  }
  return 0;
}

describe("/api/metrics", () => {
  let rootId: string;
  let ids: { one: string };
  beforeAll(async () => {
    await resetDatabase();
    const owner = await makeUser("Owner");
    const one = await makeAgent(owner.id, "One");
    const two = await makeAgent(owner.id, "Two");
    rootId = (await makeAgent(owner.id, "Root", delegating([one.id, two.id]))).id;
    ids = { one: one.id };
    // A price for the demo model (an admin price wins over its default of 0): the runs have a cost.
    await query(
      `INSERT INTO "ModelPrice" (id, "endpointId", model, "inputPerMTok", "cachedInputPerMTok", "outputPerMTok",
         "reasoningPerMTok", "effectiveFrom") VALUES ('p1', NULL, $1, 1000, 1000, 2000, 2000, now() - interval '1 minute')`,
      [DEMO_MODEL_ID],
    );
    session.userId = owner.id;
    setTestModelFactory(
      scriptedModelFactory({
        [rootId]: (ctx) =>
          hasToolResult(ctx)
            ? { text: "done", usage: { input: 40, output: 5 } }
            : {
                toolCalls: [
                  { name: "subagent", args: { subagent_type: one.id, description: "a" } },
                  { name: "subagent", args: { subagent_type: two.id, description: "b" } },
                ],
                usage: { input: 20, output: 10 },
              },
        [one.id]: () => ({ text: "one", usage: { input: 5, output: 1 }, delayMs: 30 }),
        [two.id]: () => ({ error: "refused" }),
      }),
    );
  });
  afterAll(() => {
    delete process.env.METRICS_TOKEN;
    setTestModelFactory(undefined);
  });

  it("is not found while METRICS_TOKEN is unset", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("refuses a missing or wrong token with 401", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    for (const header of [undefined, "Bearer nope", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(header);
      expect(res.status, String(header)).toBe(401);
      expect(await res.text()).not.toContain("delegate_");
    }
  });

  it("counts a delegating run: started, finished, active, tokens, model-call latency, subagents", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const res = await chatRoute.POST(post("/api/chat", { agentId: rootId, text: "go" }));
    expect((await readStream(res)).at(-1)).toMatchObject({ type: "run_end", status: "completed" });

    const ok = await scrape(`bearer  ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    const after = await ok.text();
    const delta = (name: string, labels?: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    // The demo endpoint speaks the "demo" protocol.
    const model = { provider: "demo", model: DEMO_MODEL_ID };

    expect(delta("delegate_runs_started_total")).toBe(1);
    expect(delta("delegate_runs_finished_total", { status: "completed" })).toBe(1);
    expect(delta("delegate_runs_finished_total", { status: "failed" })).toBe(0);
    expect(sample(after, "delegate_runs_active")).toBe(0);
    expect(delta("delegate_model_tokens_total", { ...model, direction: "input" })).toBe(20 + 5 + 40);
    expect(delta("delegate_model_tokens_total", { ...model, direction: "output" })).toBe(10 + 1 + 5);
    // Three model calls answered (the failing child's call never reported one).
    expect(delta("delegate_model_call_duration_seconds_count", model)).toBe(3);
    expect(delta("delegate_model_call_duration_seconds_sum", model)).toBeGreaterThanOrEqual(0.03);
    expect(delta("delegate_subagents_total", { outcome: "completed" })).toBe(1);
    expect(delta("delegate_subagents_total", { outcome: "failed" })).toBe(1);
    // Cost by agent and model, the currency a label: root 60 in / 15 out, child one 5 / 1 (per 1M: 1000 / 2000).
    const cost = (agent: string) =>
      delta("delegate_model_cost_total", { agent, model: DEMO_MODEL_ID, currency: "USD" });
    expect(cost(rootId)).toBeCloseTo((60 * 1000 + 15 * 2000) / 1e6, 12);
    expect(cost(ids.one)).toBeCloseTo((5 * 1000 + 1 * 2000) / 1e6, 12);
    expect(delta("delegate_model_calls_unpriced_total")).toBe(0);
    // Process metrics come along.
    expect(after).toContain("delegate_process_cpu_seconds_total");
  });

  it("counts a failed run by its error code", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    setTestModelFactory(scriptedModelFactory({ [rootId]: () => ({ error: "down" }) }));
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const res = await chatRoute.POST(post("/api/chat", { agentId: rootId, text: "go" }));
    const end = (await readStream(res)).at(-1);
    expect(end).toMatchObject({ type: "run_end", status: "failed" });
    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    const code = (end as { error: { code: string } }).error.code;
    expect(sample(after, "delegate_runs_finished_total", { status: "failed" })).toBe(
      sample(before, "delegate_runs_finished_total", { status: "failed" }) + 1,
    );
    expect(sample(after, "delegate_runs_failed_total", { code })).toBe(
      sample(before, "delegate_runs_failed_total", { code }) + 1,
    );
  });
});
