import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SubagentNode } from "@/lib/agents/trace";
import { SubagentBlock } from "./subagent-block";

const node = (over: Partial<SubagentNode>): SubagentNode => ({
  type: "subagent",
  id: "call-1",
  subagentType: "Mathematician",
  agentId: "a1",
  agentName: "Mathematician",
  task: "Compute 2 * 3",
  mode: "isolated",
  depth: 1,
  ancestry: [],
  status: "completed",
  content: [],
  usage: { inputTokens: 0, outputTokens: 0 },
  ...over,
});

const stats = (n: SubagentNode) =>
  /data-testid="subagent-stats">([^<]*)</.exec(
    renderToStaticMarkup(createElement(SubagentBlock, { node: n })),
  )?.[1];

describe("SubagentBlock stats", () => {
  it("shows only the duration, without a separator, when the block used no tokens", () => {
    expect(stats(node({ durationMs: 636 }))).toBe("636 ms");
  });
  it("joins tokens and duration with one separator", () => {
    expect(stats(node({ durationMs: 1500, usage: { inputTokens: 1200, outputTokens: 34 } }))).toMatch(
      /^1\.2k tok · 1\.5 s$/,
    );
  });
});
