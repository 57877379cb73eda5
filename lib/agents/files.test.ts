import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { fileParts, fitTexts, forProtocol, NO_IMAGES, readFileBlocks, uniqueFileNames } from "./files";

describe("attached files in messages", () => {
  it("shares a text budget fairly: small files whole, the rest split evenly", () => {
    expect(fitTexts([10, 1000, 1000], 610)).toEqual([10, 300, 300]);
    expect(fitTexts([5, 5], 100)).toEqual([5, 5]);
    expect(fitTexts([50], 0)).toEqual([0]);
  });

  it("renders text files in blocks with a note of what was cut, images as image parts", () => {
    const parts = fileParts(
      "read these",
      [
        { name: 'a"b.txt', mimeType: "text/plain", size: 20, text: "0123456789abcdefghij" },
        { name: "p.png", mimeType: "image/png", size: 3, imageBase64: "AAAA" },
      ],
      8,
    );
    expect(parts[0]).toEqual({ type: "text", text: "read these" });
    expect(parts[1]).toEqual({
      type: "text",
      text: '<file name="a&#34;b.txt" type="text/plain" size="20">\n01234567\n[Only the first 8 of 20 characters of this file were sent: the rest does not fit the context budget.]\n</file>',
    });
    expect(parts[3]).toEqual({ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } });
    const read = readFileBlocks(parts.map((p) => (p.type === "text" ? p.text : "")).join(""));
    expect(read.text).toBe("read these");
    expect(read.files.map((f) => f.name)).toEqual(['a"b.txt', "p.png"]);
  });

  it("replaces image parts with a note for protocols without images, the same object every time", () => {
    const m = new HumanMessage({
      content: [
        { type: "text", text: "look" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
      ],
    });
    expect(forProtocol([m], "anthropic")[0]).toBe(m);
    const demo = forProtocol([m], "demo")[0];
    expect(demo.content).toEqual([
      { type: "text", text: "look" },
      { type: "text", text: NO_IMAGES },
    ]);
    expect(forProtocol([m], "demo")[0]).toBe(demo);
  });

  it("gives repeated names a number", () => {
    const f = (name: string) => ({ name, mimeType: "text/plain", size: 1, text: "x" });
    const { files } = uniqueFileNames([
      { role: "user", content: "1", files: [f("a.txt")] },
      { role: "user", content: "2", files: [f("a.txt"), f("b")] },
      { role: "user", content: "3", files: [f("b")] },
    ]);
    expect(files.map((x) => x.name)).toEqual(["a.txt", "a (2).txt", "b", "b (2)"]);
  });
});

describe("one file budget per conversation", () => {
  it("cuts older files before newer ones", async () => {
    const { toBaseMessages } = await import("./messages");
    const file = (name: string) => ({ name, mimeType: "text/plain", size: 10, text: "0123456789" });
    const [old, , recent] = toBaseMessages(
      [
        { role: "user", content: "first", files: [file("old.txt")] },
        { role: "assistant", content: "ok" },
        { role: "user", content: "second", files: [file("new.txt")] },
      ],
      14,
    );
    expect(JSON.stringify(recent.content)).toContain("0123456789\\n</file>");
    expect(JSON.stringify(old.content)).toContain("Only the first 4 of 10 characters");
  });
});
