import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAIScript,
  type FakeServer,
  startFakeOpenAIServer,
} from "@/tests/helpers/fake-openai-server";
import { createChatModel } from "../providers/factory";
import type { ProviderRetryEvent, RunEvent, UsageEvent } from "./events";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import type { TimelineSpan } from "./timeline";
import { reduceEvents } from "./trace";

// A real provider client (ChatOpenAI through lib/providers) against a local server that speaks
// OpenAI's wire protocol: a 429 before the first token is retried by the provider policy, which
// tells the engine through the call's `onProviderRetry` option; the engine turns that into an
// event, so the timeline draws the refused attempt, the wait, then the call.

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runAgainst(script: FakeOpenAIScript) {
  server = await startFakeOpenAIServer({ script, models: ["gpt-test"] });
  const url = server.url;
  const run = await createRun({
    // May delegate: its model is tool-bound (bindTools' RunnableBinding), and the call option
    // still reaches the client's policy through it.
    agents: [agent("a", { enabled: true })],
    messages: [{ role: "user", content: "hello" }],
    modelFactory: (spec) =>
      createChatModel({
        provider: "openai",
        endpoint: {
          id: "db:1",
          name: "Local",
          protocol: "openai",
          baseURL: url,
          apiKey: "sk-test-retry-0001",
          models: [],
          source: "db",
        },
        model: spec.model,
        retry: { retries: 2, baseDelayMs: 30, maxDelayMs: 30 },
      }),
    prices: [
      {
        endpointId: "openai",
        model: "gpt-test",
        price: { input: 2, cachedInput: 1, output: 8, reasoning: 8 },
      },
    ],
  });
  return collect(run);
}

describe("provider retries in the run's events", () => {
  it("emits one provider_retry per failed attempt and starts the call's span after the wait", async () => {
    const events = await runAgainst([
      { type: "error", status: 429 },
      {
        text: "hi there",
        usage: {
          prompt_tokens: 100,
          completion_tokens: 20,
          prompt_tokens_details: { cached_tokens: 40 },
          completion_tokens_details: { reasoning_tokens: 8 },
        },
      },
    ]);
    const retries = events.filter((e): e is ProviderRetryEvent => e.type === "provider_retry");
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({
      attempt: 1,
      delayMs: 30,
      code: "provider:rate_limited",
      status: 429,
      model: "gpt-test",
      spanId: "root",
    });
    const usage = events.find((e): e is UsageEvent => e.type === "usage");
    expect(usage).toMatchObject({
      inputTokens: 100,
      outputTokens: 20,
      cachedInputTokens: 40,
      reasoningTokens: 8,
    });
    // 60×2 + 40×1 + 20×8 = 320 per million.
    expect(usage?.cost).toBeCloseTo(0.00032, 12);
    expect(usage?.startT).toBeGreaterThanOrEqual((retries[0].t ?? 0) + 30);

    const spans = reduceEvents(events).timeline as TimelineSpan[];
    const wait = spans.find((s) => s.wait === "retry");
    const call = spans.find((s) => s.kind === "model" && !s.failed);
    expect(spans.filter((s) => s.kind === "model" && s.failed)).toHaveLength(1);
    expect(wait).toMatchObject({ kind: "wait", parentId: "root", label: "gpt-test" });
    expect((wait?.end ?? 0) - (wait?.start ?? 0)).toBe(30);
    expect(call?.start).toBeGreaterThanOrEqual(wait?.end ?? Number.POSITIVE_INFINITY);
  });

  it("emits no retry event for a call that succeeds at once", async () => {
    const events: RunEvent[] = await runAgainst([{ text: "fine" }]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.some((e) => e.type === "provider_retry")).toBe(false);
  });
});
