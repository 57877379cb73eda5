import { afterEach, describe, expect, it, vi } from "vitest";
import { createChatModel, type EndpointDefinition } from "@/lib/providers";
import { type FakeServer, startFakeOpenAIServer } from "@/tests/helpers/fake-openai-server";
import { createRun } from "../run";
import { agent, collect } from "../testing/fixtures";
import { SUMMARY_PROMPT } from "./summarize";

// Issue 10 bug 3: a summary on an OpenAI-compatible endpoint must not reach any host but the
// endpoint (LangChain's `invoke` on a streaming client downloads tiktoken ranks to count tokens).
let server: FakeServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

describe("summarization offline", () => {
  it("summarizes against the endpoint with no other outbound request", async () => {
    server = await startFakeOpenAIServer({
      models: ["fake-model"],
      script: (r) =>
        JSON.stringify(r.body?.messages ?? []).includes(SUMMARY_PROMPT.slice(0, 40))
          ? { text: "SUMMARY OF EARLIER TURNS" }
          : { text: "The answer." },
    });
    const endpointHost = new URL(server.url).host;
    const foreign: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host !== endpointHost) {
        foreign.push(url.href);
        throw new TypeError(`fetch failed: no network for ${url.host}`);
      }
      return realFetch(input, init);
    });

    const endpoint: EndpointDefinition = {
      id: "ep_fake",
      name: "Fake",
      protocol: "openai",
      baseURL: server.url,
      apiKey: "sk-test-offline-0000",
      models: ["fake-model"],
      source: "db",
    };
    const run = await createRun({
      agents: [
        agent("a", undefined, {
          provider: endpoint.id,
          model: "fake-model",
          summarization: { trigger: { type: "messages", value: 2 } },
        }),
      ],
      endpoints: { [endpoint.id]: { name: endpoint.name, provider: "openai" } },
      messages: [
        { role: "user", content: "First question" },
        { role: "assistant", content: "First answer" },
        { role: "user", content: "Second question" },
      ],
      modelFactory: (spec) => {
        expect(spec.endpointId).toBe(endpoint.id);
        return createChatModel({
          provider: endpoint.name,
          endpoint,
          model: spec.model,
          retry: { retries: 0 },
        });
      },
    });
    const events = await collect(run);

    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.find((e) => e.type === "summary")).toMatchObject({ text: "SUMMARY OF EARLIER TURNS" });
    expect(foreign).toEqual([]);
    expect(server.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(2);
  });
});
