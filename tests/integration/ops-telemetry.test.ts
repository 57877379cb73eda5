// A delegating answer exported as an OpenTelemetry trace to a local OTLP/HTTP receiver: the span
// tree (names, nesting like the stored trace blocks, tokens, statuses, one trace id = the run id),
// no conversation content in it, and nothing at all when OTEL_EXPORTER_OTLP_ENDPOINT is unset.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import type { MessageTree, SubagentNode } from "@/lib/agents/trace";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { flushTelemetry } from "@/lib/ops/telemetry/observer";
import { DEMO_MODEL_ID } from "@/lib/providers";
import {
  delegating,
  makeAgent,
  makeUser,
  post,
  readStream,
  type StreamItem,
  splitInTwo,
} from "../helpers/chat-fixtures";
import { type ReceivedSpan, startOtlpReceiver } from "../helpers/otlp-receiver";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const receiver = await startOtlpReceiver();
afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_SERVICE_NAME;
  await receiver.close();
});

const USER_TEXT = "delegate two parts please";
const SECRET_ERROR = "endpoint refused: sk-live-abcdef";

interface Node {
  span: ReceivedSpan;
  children: Node[];
}

/** The received spans of one trace as a tree (children by start time). */
function tree(spans: ReceivedSpan[]): Node {
  const nodes = new Map(spans.map((s) => [s.spanId, { span: s, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const parent = n.span.parentSpanId ? nodes.get(n.span.parentSpanId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  for (const n of nodes.values()) n.children.sort((a, b) => a.span.startMs - b.span.startMs);
  expect(roots, "exactly one root span").toHaveLength(1);
  return roots[0];
}

const shape = (n: Node): unknown => ({ name: n.span.name, children: n.children.map(shape) });

describe("run traces over OTLP", () => {
  let ids: Record<string, string>;
  let failChildTwo = false;

  beforeEach(async () => {
    await resetDatabase();
    receiver.spans.length = 0;
    failChildTwo = false;
    const owner = await makeUser("Owner");
    const child1 = await makeAgent(owner.id, "Child One");
    const child2 = await makeAgent(owner.id, "Child Two");
    const root = await makeAgent(owner.id, "Root", delegating([child1.id, child2.id]));
    ids = { root: root.id, child1: child1.id, child2: child2.id };
    session.userId = owner.id;
    setTestModelFactory(
      scriptedModelFactory({
        [ids.root]: splitInTwo(ids.child1, ids.child2),
        [ids.child1]: () => ({ text: "one", usage: { input: 5, output: 1 }, delayMs: 20 }),
        [ids.child2]: () =>
          failChildTwo
            ? { error: SECRET_ERROR, delayMs: 40 }
            : { text: "two", usage: { input: 7, output: 2 }, delayMs: 40 },
      }),
    );
  });

  async function send() {
    const res = await chatRoute.POST(post("/api/chat", { agentId: ids.root, text: USER_TEXT }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    await flushTelemetry();
    const [message] = await query<{ parts: MessageTree }>(`SELECT parts FROM "Message" WHERE id = $1`, [
      meta.assistantMessageId,
    ]);
    return { items, meta, stored: message.parts };
  }

  it("sends nothing and loads no SDK while OTEL_EXPORTER_OTLP_ENDPOINT is unset", async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    const { items } = await send();
    expect(items.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect((globalThis as { __runTelemetry?: unknown }).__runTelemetry).toBeUndefined();
    expect(receiver.spans).toHaveLength(0);
  });

  it("exports a delegating answer as one trace nested like its trace blocks", async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    process.env.OTEL_SERVICE_NAME = "delegate-test";
    const { items, meta, stored } = await send();
    expect(items.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(receiver.contentTypes[0]).toContain("application/json");

    // One trace, whose id is the run id.
    const traceIds = new Set(receiver.spans.map((s) => s.traceId));
    expect([...traceIds]).toEqual([meta.runId.replace(/-/g, "")]);
    expect(receiver.spans[0].resource["service.name"]).toBe("delegate-test");

    const root = tree(receiver.spans);
    const model = `chat ${DEMO_MODEL_ID}`;
    expect(shape(root)).toEqual({
      name: "invoke_agent Root",
      children: [
        { name: model, children: [] },
        { name: "invoke_agent Child One", children: [{ name: model, children: [] }] },
        { name: "invoke_agent Child Two", children: [{ name: model, children: [] }] },
        { name: model, children: [] },
      ],
    });

    // The subagent spans are the stored trace blocks: same ids, agents and tokens.
    const blocks = stored.content.filter((n): n is SubagentNode => n.type === "subagent");
    const agentSpans = root.children.filter((c) => c.span.name.startsWith("invoke_agent"));
    expect(
      agentSpans.map((c) => ({
        id: c.span.attributes["delegate.span.id"],
        agent: c.span.attributes["gen_ai.agent.id"],
        name: c.span.attributes["gen_ai.agent.name"],
        input: c.span.attributes["gen_ai.usage.input_tokens"],
        output: c.span.attributes["gen_ai.usage.output_tokens"],
      })),
    ).toEqual(
      blocks.map((b) => ({
        id: b.id,
        agent: b.agentId,
        name: b.agentName,
        input: b.usage.inputTokens,
        output: b.usage.outputTokens,
      })),
    );
    expect(agentSpans.map((c) => c.span.attributes["gen_ai.usage.input_tokens"])).toEqual([5, 7]);

    // Root: the run's id, status and tokens of the whole tree; model calls with their own tokens.
    expect(root.span.attributes).toMatchObject({
      "delegate.run.id": meta.runId,
      "delegate.run.status": "completed",
      "gen_ai.agent.id": ids.root,
      "gen_ai.usage.input_tokens": 20 + 5 + 7 + 40,
      "gen_ai.usage.output_tokens": 10 + 1 + 2 + 5,
    });
    expect(root.span.status.code).toBe(1);
    const calls = root.children.filter((c) => c.span.name === model).map((c) => c.span.attributes);
    expect(calls).toMatchObject([
      { "gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 10, "gen_ai.operation.name": "chat" },
      { "gen_ai.usage.input_tokens": 40, "gen_ai.usage.output_tokens": 5 },
    ]);
    // Children lie within their parents' time.
    for (const c of root.children) {
      expect(c.span.startMs).toBeGreaterThanOrEqual(root.span.startMs);
      expect(c.span.endMs).toBeLessThanOrEqual(root.span.endMs);
    }
    // The subagent's model call took its scripted delay (derived from the events).
    const childCall = agentSpans[1].children[0].span;
    expect(childCall.endMs - childCall.startMs).toBeGreaterThanOrEqual(30);
  });

  it("gives each model call its cost and the currency it is in", async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    // EUR: the shipped USD defaults don't apply; an admin price for the demo model does.
    await query(`INSERT INTO "PricingSettings" (id, currency, "updatedAt") VALUES (1, 'EUR', now())`);
    await query(
      `INSERT INTO "ModelPrice" (id, "endpointId", model, "inputPerMTok", "cachedInputPerMTok", "outputPerMTok",
         "reasoningPerMTok", "effectiveFrom") VALUES ('p1', NULL, $1, 1000, 1000, 2000, 2000, now() - interval '1 minute')`,
      [DEMO_MODEL_ID],
    );
    await send();
    const calls = receiver.spans.filter((s) => s.name === `chat ${DEMO_MODEL_ID}`).map((s) => s.attributes);
    expect(calls).toHaveLength(4);
    for (const a of calls) {
      const expected =
        ((a["gen_ai.usage.input_tokens"] as number) * 1000 +
          (a["gen_ai.usage.output_tokens"] as number) * 2000) /
        1e6;
      expect(a["gen_ai.usage.cost"]).toBeCloseTo(expected, 12);
      expect(a["delegate.cost.currency"]).toBe("EUR");
      expect(a["delegate.cost.unknown"]).toBeUndefined();
    }
  });

  it("marks a failed subagent and its model call as errors, with a code and no error text", async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    failChildTwo = true;
    const { items } = await send();
    expect(items.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const root = tree(receiver.spans);
    const two = root.children.find((c) => c.span.name === "invoke_agent Child Two");
    expect(two?.span.status.code).toBe(2);
    expect(two?.span.attributes["error.type"]).toEqual(expect.any(String));
    expect(two?.children.map((c) => [c.span.name, c.span.status.code])).toEqual([["chat", 2]]);
    const one = root.children.find((c) => c.span.name === "invoke_agent Child One");
    expect(one?.span.status.code).toBe(1);
    expect(root.span.status.code).toBe(1);

    // Nothing of the conversation or the error's text is exported.
    const exported = JSON.stringify(receiver.spans);
    for (const text of [USER_TEXT, "Both parts are done.", "part one", SECRET_ERROR, "sk-live"]) {
      expect(exported).not.toContain(text);
    }
  });
});
