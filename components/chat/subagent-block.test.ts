import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SubagentNode, ToolCallNode } from "@/lib/agents/trace";
import type { Locale } from "@/lib/i18n/locales";
import { intlWrapper } from "@/tests/helpers/intl";
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

const stats = async (n: SubagentNode, locale: Locale = "en") =>
  /data-testid="subagent-stats">([^<]*)</.exec(
    renderToStaticMarkup((await intlWrapper(locale))(createElement(SubagentBlock, { node: n }))),
  )?.[1];

describe("SubagentBlock stats", () => {
  it("shows only the duration, without a separator, when the block used no tokens", async () => {
    expect(await stats(node({ durationMs: 636 }))).toBe("636ms");
  });
  it("joins tokens and duration with one separator", async () => {
    const busy = node({ durationMs: 1500, usage: { inputTokens: 1200, outputTokens: 34 } });
    expect(await stats(busy)).toBe("1.2K tok · 1.5s");
    expect(await stats(busy, "zh-CN")).toBe("1234 token · 1.5秒");
  });
});

const markup = async (n: SubagentNode, locale: Locale = "en") =>
  renderToStaticMarkup((await intlWrapper(locale))(createElement(SubagentBlock, { node: n })));

const deleteCall = (status: "pending" | "approved"): ToolCallNode => ({
  type: "tool_call",
  id: "tc-1",
  name: "notes__delete_note",
  source: "notes",
  args: { id: "n1" },
  status: status === "pending" ? "running" : "completed",
  approval: { id: "ap-1", status },
});

/** A depth-1 block whose depth-2 child holds `call`. */
const nested = (call: ToolCallNode) =>
  node({
    status: "running",
    content: [node({ id: "call-2", depth: 2, status: "running", agentName: "Worker", content: [call] })],
  });

describe("SubagentBlock waiting for the user", () => {
  it("opens itself and its nested block, and says 'waiting for you' instead of 'running'", async () => {
    const html = await markup(nested(deleteCall("pending")));
    // Both blocks are open: the call and its approval are visible without a click.
    expect(html.match(/data-testid="subagent-content"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="approval" data-status="pending"');
    expect(html.match(/data-testid="subagent-block"[^>]*data-waiting="true"/g)).toHaveLength(2);
    expect(html.match(/data-testid="waiting-badge"[^>]*>waiting for you</g)).toHaveLength(3);
    expect(html).not.toContain('data-testid="trace-status" data-status="running"');
    expect(await markup(nested(deleteCall("pending")), "zh-CN")).toMatch(
      /data-testid="waiting-badge"[^>]*>等你处理</,
    );
  });
  it("says so for a question (ask_user) too", async () => {
    const ask: ToolCallNode = {
      ...deleteCall("pending"),
      name: "ask_user",
      source: undefined,
      args: { question: "Which?" },
    };
    const html = await markup(nested(ask));
    expect(html.match(/data-testid="subagent-content"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="question"');
  });
  it("stays collapsed and running when nothing waits", async () => {
    const html = await markup(nested(deleteCall("approved")));
    expect(html).not.toContain('data-testid="subagent-content"');
    expect(html).not.toContain("waiting-badge");
    expect(html).toContain('data-testid="trace-status" data-status="running"');
  });
});
