import { afterEach, describe, expect, it } from "vitest";
import { createChatModel, type EndpointDefinition } from "@/lib/providers";
import {
  type FakeServer,
  type RecordedRequest,
  startFakeOpenAIServer,
} from "@/tests/helpers/fake-openai-server";
import { createRun } from "../run";
import { agent, collect } from "../testing/fixtures";

// Issue 10 bug 7: a forked child (self or another agent) continues the parent's prompt, so the
// prefix sent on the wire (system prompt with the stored summary, then the conversation) is
// byte-identical to the parent's, and the provider's prompt cache applies.
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const taskOf = (r: RecordedRequest) => JSON.stringify(r.body.messages.at(-1)?.content ?? "");

describe("fork mode on the wire", () => {
  it("sends the parent's system prompt, summary and conversation byte for byte to every fork", async () => {
    server = await startFakeOpenAIServer({
      models: ["fake-model"],
      script: (r) => {
        const messages: Array<{ role: string }> = r.body.messages;
        if (messages.some((m) => m.role === "tool")) return { text: "Parent done." };
        const last = taskOf(r);
        if (last.includes("self task") || last.includes("child task")) return { text: "Child done." };
        return {
          toolCalls: [
            { id: "call_self", name: "subagent", args: { subagent_type: "self", description: "self task" } },
            { id: "call_b", name: "subagent", args: { subagent_type: "b", description: "child task" } },
          ],
        };
      },
    });
    const endpoint: EndpointDefinition = {
      id: "ep_fake",
      name: "Fake",
      protocol: "openai",
      baseURL: server.url,
      apiKey: "sk-test-fork-0000",
      models: ["fake-model"],
      source: "db",
    };
    const onEndpoint = { provider: endpoint.id, model: "fake-model" };
    const run = await createRun({
      agents: [
        agent(
          "a",
          { allowSelf: true, agent_ids: ["b"], modes: { self: "fork", b: "fork" } },
          { ...onEndpoint, instructions: "You are the parent." },
        ),
      ],
      agentLookup: { b: agent("b", undefined, { ...onEndpoint, instructions: "You are the child B." }) },
      endpoints: { [endpoint.id]: { name: endpoint.name, provider: "openai" } },
      initialSummary: "STORED SUMMARY OF EARLIER TURNS",
      messages: [{ role: "user", content: "Please split this work." }],
      modelFactory: (spec) =>
        createChatModel({ provider: endpoint.name, endpoint, model: spec.model, retry: { retries: 0 } }),
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });

    const calls = server.requests.filter((r) => r.path === "/v1/chat/completions");
    const parent = calls[0];
    const selfFork = calls.find((r) => taskOf(r).includes("self task"));
    const childFork = calls.find((r) => taskOf(r).includes("child task"));
    expect(parent.body.messages[0]).toMatchObject({ role: "system" });
    expect(parent.body.messages[0].content).toContain("STORED SUMMARY OF EARLIER TURNS");

    const prefix = JSON.stringify(parent.body.messages);
    for (const fork of [selfFork, childFork]) {
      expect(fork).toBeDefined();
      const messages = fork?.body.messages ?? [];
      expect(messages).toHaveLength(parent.body.messages.length + 1);
      expect(JSON.stringify(messages.slice(0, parent.body.messages.length))).toBe(prefix);
    }
    // The explicit child keeps its own instructions, after the shared prefix.
    expect(taskOf(childFork as RecordedRequest)).toContain("You are the child B.");
    expect(taskOf(selfFork as RecordedRequest)).not.toContain("You are the child B.");
  });
});
