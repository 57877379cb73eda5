import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { finish, publish, registerRun } from "./live-runs";
import { liveSse } from "./sse-stream";

const meta = (runId: string) => ({
  type: "meta" as const,
  runId,
  conversationId: "c",
  userMessageId: "u",
  assistantMessageId: `a-${runId}`,
  agentId: "agent",
  title: "t",
});
const delta = (text: string): RunEvent => ({
  type: "text_delta",
  text,
  spanId: "root",
  parentSpanId: null,
  depth: 0,
  agentId: "agent",
  ts: 0,
});

async function chunks(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  const decoder = new TextDecoder();
  for await (const c of stream as unknown as AsyncIterable<Uint8Array>) out.push(decoder.decode(c));
  return out;
}

describe("liveSse", () => {
  it("writes the replay at once, then the items of one tick as one chunk, then the end", async () => {
    const run = registerRun({ meta: meta("r1"), userId: "u1", abort: () => {} });
    const reading = chunks(liveSse(run));
    publish(run, delta("a"));
    publish(run, delta("b"));
    publish(run, delta("c"));
    await new Promise((r) => setTimeout(r, 60));
    finish(run);
    const out = await reading;
    expect(out[0]).toBe(`data: ${JSON.stringify(meta("r1"))}\n\n`);
    expect(out[1]).toBe(["a", "b", "c"].map((t) => `data: ${JSON.stringify(delta(t))}\n\n`).join(""));
    expect(out.at(-1)).toBe("event: end\ndata: {}\n\n");
    expect(out).toHaveLength(3);
  });

  it("replays a finished run whole, and ends a stream whose client went away", async () => {
    const done = registerRun({ meta: meta("r2"), userId: "u1", abort: () => {} });
    publish(done, delta("x"));
    finish(done);
    expect((await chunks(liveSse(done))).join("")).toBe(
      `data: ${JSON.stringify(meta("r2"))}\n\ndata: ${JSON.stringify(delta("x"))}\n\nevent: end\ndata: {}\n\n`,
    );

    const live = registerRun({ meta: meta("r3"), userId: "u1", abort: () => {} });
    const client = new AbortController();
    const reading = chunks(liveSse(live, client.signal));
    client.abort();
    expect((await reading).join("")).toBe(`data: ${JSON.stringify(meta("r3"))}\n\nevent: end\ndata: {}\n\n`);
    expect(live.listeners.size).toBe(0);
    finish(live);
  });

  it("spaces writes further apart while many streams are open, and back to a frame when they close", async () => {
    // Events every 4 ms for 400 ms; how many writes one stream makes beside `others` open streams.
    async function writesBeside(others: number): Promise<number> {
      const run = registerRun({ meta: meta(`busy-${others}`), userId: "u1", abort: () => {} });
      const clients = Array.from({ length: others }, () => new AbortController());
      const readers = clients.map((c) => chunks(liveSse(run, c.signal)));
      const reading = chunks(liveSse(run));
      for (let i = 0; i < 100; i++) {
        publish(run, delta(String(i)));
        await new Promise((r) => setTimeout(r, 4));
      }
      for (const c of clients) c.abort();
      finish(run);
      await Promise.all(readers);
      const out = await reading;
      // Everything arrives, in order, whatever the pacing.
      expect(out.join("").match(/text_delta/g)).toHaveLength(100);
      return out.length - 2; // without the replay and the end
    }
    const alone = await writesBeside(0);
    const crowded = await writesBeside(149); // 150 open: 150 ms apart
    const aloneAgain = await writesBeside(0);
    expect(alone).toBeGreaterThan(10);
    expect(crowded).toBeLessThanOrEqual(5);
    expect(aloneAgain).toBeGreaterThan(10);
  });
});
