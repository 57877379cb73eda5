// Shared pieces for chat route tests: users, agents and an SSE reader.
import { readSse } from "@/components/chat/sse";
import type { RunEvent } from "@/lib/agents";
import type { ScriptContext, ScriptedTurn } from "@/lib/agents/testing/scripted-model";
import { registerUser } from "@/lib/auth/register";
import { createAgent } from "@/lib/builder/agents";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";

export type StreamItem =
  | RunEvent
  | {
      type: "meta";
      runId: string;
      conversationId: string;
      userMessageId: string;
      assistantMessageId: string;
    };

export async function makeUser(name: string) {
  return registerUser({
    input: { name, email: `${name.toLowerCase()}@example.com`, password: "correct-horse-42" },
  });
}

export async function makeAgent(userId: string, name: string, extra: Record<string, unknown> = {}) {
  return createAgent({ userId, input: { name, provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID, ...extra } });
}

export function delegating(children: string[], allowSelf = false) {
  return {
    subagents: {
      enabled: true,
      allowSelf,
      selfMode: "isolated",
      children: children.map((id) => ({ id, mode: "isolated" })),
    },
  };
}

/** Reads a whole SSE response into its items, with the browser's own reader. */
export async function readStream(res: Response, onItem?: (item: StreamItem) => void): Promise<StreamItem[]> {
  const items: StreamItem[] = [];
  for await (const item of readSse<StreamItem>(res.body as ReadableStream<Uint8Array>)) {
    items.push(item);
    onItem?.(item);
  }
  return items;
}

export function post(url: string, body: unknown): Request {
  return new Request(`http://test${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * The lead of the delegation tests: hands "part one" and "part two" to two children at once, then
 * answers "Both parts are done." once their results are in.
 */
export function splitInTwo(child1: string, child2: string): (ctx: ScriptContext) => ScriptedTurn {
  return (ctx) =>
    ctx.messages.some((m) => m.getType() === "tool")
      ? { text: "Both parts are done.", usage: { input: 40, output: 5 } }
      : {
          toolCalls: [
            { name: "subagent", args: { subagent_type: child1, description: "part one" } },
            { name: "subagent", args: { subagent_type: child2, description: "part two" } },
          ],
          usage: { input: 20, output: 10 },
        };
}
