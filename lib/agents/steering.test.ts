import { describe, expect, it } from "vitest";
import { createRun } from "./run";
import { STEER_PREFIX, SteeringInbox } from "./steering";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents } from "./trace";

const user = (content: string) => ({ role: "user" as const, content });
const humans = (ctx: ScriptContext) =>
  ctx.messages.filter((m) => m.getType() === "human").map((m) => String(m.content));

describe("steering the root agent while a run goes on", () => {
  it("a message pushed during a turn reaches the root's next model call, with a steer event where it went in", async () => {
    const inbox = new SteeringInbox();
    const seen: string[][] = [];
    const run = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator"] })],
      messages: [user("add 2 and 3")],
      modelFactory: scriptedModelFactory({
        a: (ctx) => {
          seen.push(humans(ctx));
          if (ctx.callIndex === 0) {
            // The user steers while this turn runs.
            inbox.push("answer in French");
            return {
              text: "Let me compute. ",
              toolCalls: [{ name: "calculator", args: { expression: "2+3" } }],
            };
          }
          return { text: "Cinq." };
        },
      }),
      steering: inbox,
    });
    const events = await collect(run);
    expect(seen[0]).toEqual(["add 2 and 3"]);
    expect(seen[1]).toEqual(["add 2 and 3", `${STEER_PREFIX}\nanswer in French`]);
    const types = events.map((e) => e.type);
    const steer = types.indexOf("steer");
    expect(steer).toBeGreaterThan(types.indexOf("tool_call_end"));
    expect(events[steer]).toMatchObject({ type: "steer", depth: 0, agentId: "a", text: "answer in French" });
    // The trace keeps it between the first turn and the answer it changed.
    const tree = reduceEvents(events);
    expect(tree.content.map((n) => n.type)).toEqual(["text", "tool_call", "steer", "text"]);
    expect(tree.content[2]).toEqual({ type: "steer", agentId: "a", text: "answer in French" });
    // Nothing left unread; once the run ended the inbox refuses.
    expect(inbox.close()).toEqual([]);
    expect(inbox.push("too late")).toBe(false);
  });

  it("subagents never read it: it waits for the root's next call; a message the run never read is returned by close()", async () => {
    const inbox = new SteeringInbox();
    const childSaw: string[][] = [];
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], allowSelf: false })],
      agentLookup: { b: agent("b") },
      messages: [user("go")],
      modelFactory: scriptedModelFactory({
        a: (ctx) =>
          ctx.callIndex === 0
            ? { toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "dig" } }] }
            : { text: `a saw ${humans(ctx).length} user messages` },
        b: (ctx) => {
          inbox.push("focus on cost");
          childSaw.push(humans(ctx));
          return { text: "b done" };
        },
      }),
      steering: inbox,
    });
    const result = await run.result();
    expect(childSaw).toEqual([["dig"]]);
    expect(result.text).toBe("a saw 2 user messages");

    const late = new SteeringInbox();
    const plain = await createRun({
      agents: [agent("a")],
      messages: [user("hi")],
      modelFactory: scriptedModelFactory({
        a: () => {
          late.push("never read");
          return { text: "hello" };
        },
      }),
      steering: late,
    });
    await plain.result();
    expect(late.close()).toEqual(["never read"]);
  });

  it("a resumed run puts a recorded steering message back at its turn without a second event", async () => {
    const inbox = new SteeringInbox();
    const factory = () =>
      scriptedModelFactory({
        a: (ctx) =>
          humans(ctx).length > 1
            ? { text: `saw: ${humans(ctx).at(-1)}` }
            : { toolCalls: [{ name: "calculator", args: { expression: "1+1" } }] },
      });
    const first = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator"] })],
      messages: [user("go")],
      modelFactory: factory(),
      steering: inbox,
      runId: "run-steer",
    });
    inbox.push("be brief");
    await collect(first);
    const snapshot = first.snapshot();
    expect(Object.values(snapshot.steered ?? {})).toEqual([["be brief"]]);
    // Replay everything but the last turn: the steered turn must see the message again.
    const last = Object.keys(snapshot.turns).at(-1) as string;
    delete snapshot.turns[last];
    const resumed = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator"] })],
      messages: [user("go")],
      modelFactory: factory(),
      runId: "run-steer",
      resume: snapshot,
    });
    const events = await collect(resumed);
    expect(events.some((e) => e.type === "steer")).toBe(false);
    expect((await resumed.result()).text).toBe(`saw: ${STEER_PREFIX}\nbe brief`);
  });
});
