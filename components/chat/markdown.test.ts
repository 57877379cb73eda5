import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { intlWrapper } from "@/tests/helpers/intl";
import { Markdown } from "./markdown";

// The code blocks' Copy button speaks through the catalogs: rendered inside the English ones.
let inIntl: Awaited<ReturnType<typeof intlWrapper>>;
beforeAll(async () => {
  inIntl = await intlWrapper();
});
const html = (text: string) => renderToStaticMarkup(inIntl(createElement(Markdown, { text })));

describe("Markdown", () => {
  it("keeps line breaks inside a blockquote (a poem keeps its lines)", () => {
    const out = html(
      "*Dusk*\n\n> quiet dusk at night —\n> a scripted model hums along,\n> no weights, only rules",
    );
    expect(out).toContain("quiet dusk at night —<br/>");
    expect(out).toContain("hums along,<br/>");
    expect((out.match(/<br\/>/g) ?? []).length).toBe(2);
  });

  it("still joins soft line breaks outside quotes, and keeps code blocks as they are", () => {
    const out = html("one\ntwo\n\n```\na\nb\n```");
    expect(out).toContain("<p>one\ntwo</p>");
    expect(out).not.toContain("<br/>");
  });
});

describe("code highlighting", () => {
  it("highlights a fence's named language once loaded, and leaves unknown languages plain", async () => {
    const { highlightCode } = await import("./highlight");
    const tree = await highlightCode("const x = 1;", "ts");
    expect(JSON.stringify(tree)).toContain("hljs-keyword");
    expect(await highlightCode("x", "no-such-language")).toBeNull();
    expect(await highlightCode("x", undefined)).toBeNull();
  });

  it("renders an open fence plain, as text, while it streams", () => {
    const out = html("```ts\nconst <b>x</b> = 1;");
    expect(out).toContain("const &lt;b&gt;x&lt;/b&gt; = 1;");
    expect(out).not.toContain("hljs-keyword");
  });
});
