import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { type DemoToolInfo, planTurn } from "./plan";

const subagent: DemoToolInfo = {
  name: "subagent",
  description: "- kid (Kid): does things\n- self: a copy",
  parameters: { properties: { subagent_type: { enum: ["self", "kid"] } } },
};
const ask: DemoToolInfo = { name: "ask_user" };
const todos: DemoToolInfo = { name: "write_todos" };

describe("demo: [ask] marker", () => {
  it("asks with two choices when ask_user is bound, and says what was chosen", () => {
    const first = planTurn([new HumanMessage("Plan the trip [ask]")], [ask]);
    expect(first.toolCalls).toEqual([
      {
        name: "ask_user",
        args: { question: "Which option do you prefer?", choices: ["Option A", "Option B"] },
      },
    ]);
    const after = planTurn(
      [
        new HumanMessage("Plan the trip [ask]"),
        new AIMessage({ content: "", tool_calls: [{ id: "q1", ...first.toolCalls[0] }] }),
        new ToolMessage({ content: "Option B", tool_call_id: "q1" }),
      ],
      [ask],
    );
    expect(after.toolCalls).toEqual([]);
    expect(after.text).toContain("You chose **Option B**");
  });

  it("without ask_user, hands the whole request to the first explicit child", () => {
    expect(planTurn([new HumanMessage("Plan the trip [ask]")], [subagent]).toolCalls).toEqual([
      { name: "subagent", args: { subagent_type: "kid", description: "Plan the trip [ask]" } },
    ]);
    // No marker, nothing asked.
    expect(planTurn([new HumanMessage("Tell me a joke")], [ask]).toolCalls).toEqual([]);
  });
});

describe("demo: write_todos", () => {
  it("writes the tasks, delegates them, marks them done, then answers", () => {
    const request = new HumanMessage("Compute 2 + 2\nWhat time is it?");
    const one = planTurn([request], [subagent, todos]);
    expect(one.toolCalls).toEqual([
      {
        name: "write_todos",
        args: {
          todos: [
            { content: "Compute 2 + 2", status: "in_progress" },
            { content: "What time is it?", status: "pending" },
          ],
        },
      },
    ]);
    const m1 = [
      request,
      new AIMessage({ content: "", tool_calls: [{ id: "t1", ...one.toolCalls[0] }] }),
      new ToolMessage({ content: "ok", tool_call_id: "t1" }),
    ];
    const two = planTurn(m1, [subagent, todos]);
    expect(two.toolCalls.map((c) => c.name)).toEqual(["subagent", "subagent"]);
    const m2 = [
      ...m1,
      new AIMessage({ content: "", tool_calls: two.toolCalls.map((c, i) => ({ id: `s${i}`, ...c })) }),
      new ToolMessage({ content: "four", tool_call_id: "s0" }),
      new ToolMessage({ content: "noon", tool_call_id: "s1" }),
    ];
    const three = planTurn(m2, [subagent, todos]);
    expect(three.toolCalls).toEqual([
      {
        name: "write_todos",
        args: {
          todos: [
            { content: "Compute 2 + 2", status: "done" },
            { content: "What time is it?", status: "done" },
          ],
        },
      },
    ]);
    const four = planTurn(
      [
        ...m2,
        new AIMessage({ content: "", tool_calls: [{ id: "t2", ...three.toolCalls[0] }] }),
        new ToolMessage({ content: "ok", tool_call_id: "t2" }),
      ],
      [subagent, todos],
    );
    expect(four.toolCalls).toEqual([]);
    expect(four.text).toContain("four");
    expect(four.text).toContain("noon");
  });
});
