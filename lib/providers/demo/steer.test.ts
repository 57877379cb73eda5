import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { steerMessageText } from "../../agents/steering";
import { planTurn } from "./plan";

describe("demo: steering", () => {
  it("acknowledges the steering messages the engine added, then does the turn it would have done", () => {
    const history = [
      new HumanMessage("Compute 2 + 3"),
      new AIMessage({
        content: "",
        tool_calls: [{ id: "c1", name: "calculator", args: { expression: "2 + 3" } }],
      }),
      new ToolMessage({ content: "5", tool_call_id: "c1" }),
    ];
    const tools = [{ name: "calculator", parameters: { properties: { expression: {} } } }];
    const without = planTurn(history, tools);
    const steered = planTurn([...history, new HumanMessage(steerMessageText("answer briefly"))], tools);
    expect(steered.text).toBe(`**Steering noted:** “answer briefly”\n\n${without.text}`);
    expect(steered.toolCalls).toEqual(without.toolCalls);
    const zh = planTurn([...history, new HumanMessage(steerMessageText("简短"))], tools, "zh-CN");
    expect(zh.text.startsWith("**已收到引导：**“简短”")).toBe(true);
  });

  it("a steering message earlier in the conversation is not taken for the request", () => {
    const tools = [{ name: "calculator", parameters: { properties: { expression: {} } } }];
    const messages = [
      new HumanMessage("Compute 2 + 3"),
      new AIMessage({
        content: "",
        tool_calls: [{ id: "c1", name: "calculator", args: { expression: "2 + 3" } }],
      }),
      new ToolMessage({ content: "5", tool_call_id: "c1" }),
      new HumanMessage(steerMessageText("what is the weather")),
      new AIMessage({
        content: "",
        tool_calls: [{ id: "c2", name: "calculator", args: { expression: "2 + 3" } }],
      }),
      new ToolMessage({ content: "5", tool_call_id: "c2" }),
    ];
    expect(planTurn(messages, tools).text).not.toContain("weather");
  });
});
