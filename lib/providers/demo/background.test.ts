import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { subagentToolDef } from "../../agents/graph/tool-defs";
import type { AgentInput, SubagentConfig } from "../../agents/types";
import { type DemoToolInfo, planTurn } from "./plan";

/** The dispatch tool exactly as the engine binds it, for a researcher that may run in the background. */
function dispatch(background: boolean): DemoToolInfo {
  const entry = (type: string, name: string, bg: boolean) =>
    ({
      type,
      name,
      description: `${name} digs into topics`,
      mode: "isolated",
      depth: 1,
      agentInputs: {} as AgentInput,
      ...(bg ? { background: true } : {}),
    }) as SubagentConfig;
  const def = subagentToolDef([
    entry("writer", "Writer", false),
    entry("researcher", "Researcher", background),
  ]);
  return def.function as DemoToolInfo;
}

describe("demo: [background] marker", () => {
  it("starts the first background entry with run_in_background, then answers at once", () => {
    const tools = [dispatch(true)];
    const first = planTurn([new HumanMessage("Compare three databases [background]")], tools);
    expect(first.toolCalls).toEqual([
      {
        name: "subagent",
        args: {
          subagent_type: "researcher",
          description: "Compare three databases",
          run_in_background: true,
        },
      },
    ]);
    const history = [
      new HumanMessage("Compare three databases [background]"),
      new AIMessage({ content: "", tool_calls: [{ id: "b1", ...first.toolCalls[0] }] }),
    ];
    const started = planTurn(
      [...history, new ToolMessage({ content: "Started task t1 (Researcher): …", tool_call_id: "b1" })],
      tools,
    );
    expect(started.toolCalls).toEqual([]);
    expect(started.text).toContain("Its result will arrive here as a follow-up message.");
    const refused = planTurn(
      [...history, new ToolMessage({ content: "Error: the limit is 1", tool_call_id: "b1" })],
      tools,
      "zh-CN",
    );
    expect(refused.text).toContain("无法启动后台任务：the limit is 1");
  });

  it("without a background entry the marker changes nothing about delegation", () => {
    const plan = planTurn([new HumanMessage("Compare three databases [background]")], [dispatch(false)]);
    expect(plan.toolCalls.some((c) => c.args.run_in_background)).toBe(false);
  });

  it("with [wait] and wait_for_task bound, waits for the started task, then answers with what it returned", () => {
    const tools: DemoToolInfo[] = [dispatch(true), { name: "wait_for_task" }];
    const request = new HumanMessage("Compare three databases [background] [wait]");
    const first = planTurn([request], tools);
    expect(first.toolCalls[0].args.description).toBe("Compare three databases");
    const started = [
      request,
      new AIMessage({ content: "", tool_calls: [{ id: "b1", ...first.toolCalls[0] }] }),
      new ToolMessage({ content: "Started task t1 (Researcher): …", tool_call_id: "b1" }),
    ];
    const wait = planTurn(started, tools);
    expect(wait.toolCalls).toEqual([
      { name: "wait_for_task", args: { task_id: "t1", timeout_seconds: 120 } },
    ]);
    const waited = planTurn(
      [
        ...started,
        new AIMessage({ content: "", tool_calls: [{ id: "w1", ...wait.toolCalls[0] }] }),
        new ToolMessage({
          content: "Finished:\n- t1 (Researcher): completed\n  Result: done",
          tool_call_id: "w1",
        }),
      ],
      tools,
      "zh-CN",
    );
    expect(waited.toolCalls).toEqual([]);
    expect(waited.text).toContain("`wait_for_task` 返回的内容");
    expect(waited.text).toContain("Result: done");
    // Without the tool bound, [wait] changes nothing: the usual short answer.
    expect(planTurn(started, [dispatch(true)]).text).toContain("follow-up message");
  });
});
