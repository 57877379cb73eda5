import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ToolCallNode } from "@/lib/agents/trace";
import { intlWrapper } from "@/tests/helpers/intl";
import { ToolCallBlock } from "./tool-call-block";

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
