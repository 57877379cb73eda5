import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SubagentNode } from "@/lib/agents/trace";
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
