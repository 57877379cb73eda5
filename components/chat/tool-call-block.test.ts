import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ToolCallNode } from "@/lib/agents/trace";
import { intlWrapper } from "@/tests/helpers/intl";
import { ToolCallBlock, ToolResult } from "./tool-call-block";

const markup = async (node: ToolCallNode) =>
  renderToStaticMarkup((await intlWrapper("en"))(createElement(ToolCallBlock, { node })));

const edited: ToolCallNode = {
  type: "tool_call",
  id: "tc-1",
  name: "notes__delete_note",
  source: "notes",
  args: { id: "n-model" },
  status: "completed",
  result: "Deleted note n-user",
  approval: { id: "ap-1", status: "edited", args: { id: "n-user" } },
};

describe("ToolCallBlock after Edit arguments", () => {
  it("shows the model's arguments struck through and the ones that ran", async () => {
    const html = await markup(edited);
    expect(html).toMatch(
      /data-testid="approval-model-args"[^>]*><del>\{\n {2}&quot;id&quot;: &quot;n-model&quot;\n\}<\/del>/,
    );
    expect(html).toMatch(
      /data-testid="approval-ran-args"[^>]*>\{\n {2}&quot;id&quot;: &quot;n-user&quot;\n\}</,
    );
    expect(html).toContain("The model&#x27;s arguments (not run)");
  });
  it("names the arguments that ran on its one line", async () => {
    const html = await markup(edited);
    expect(html).toContain("{&quot;id&quot;:&quot;n-user&quot;}");
    expect(html).not.toContain("{&quot;id&quot;:&quot;n-model&quot;}");
  });
});

const result = async (node: ToolCallNode) =>
  renderToStaticMarkup(
    (await intlWrapper("en"))(
      createElement(ToolResult, { result: node.result ?? "", structuredAt: node.structuredAt }),
    ),
  );

describe("ToolResult with structured content", () => {
  const withStructured: ToolCallNode = {
    type: "tool_call",
    id: "tc-2",
    name: "weather__get_weather",
    source: "weather",
    args: {},
    status: "completed",
    result: 'It is mild.\n\n{"temperature":21,"unit":"C"}',
    structuredAt: 13,
  };
  it("shows the text, and the structured content once, collapsed and pretty-printed", async () => {
    const html = await result(withStructured);
    expect(html).toMatch(/data-testid="tool-call-result"[^>]*>It is mild\.<\/pre>/);
    expect(html).toMatch(
      /<details[^>]*data-testid="tool-call-structured"><summary[^>]*>structured content<\/summary>/,
    );
    expect(html).not.toMatch(/<details[^>]*open/);
    expect(html.match(/temperature/g)).toHaveLength(1);
    expect(html).toContain("&quot;temperature&quot;: 21");
  });
  it("shows a result without structured content as it is", async () => {
    const html = await result({ ...withStructured, structuredAt: undefined, result: "plain" });
    expect(html).toMatch(/data-testid="tool-call-result"[^>]*>plain<\/pre>/);
    expect(html).not.toContain("tool-call-structured");
  });
});
