import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { contentText, parseChatCompletionRequest } from "./chat-schema";

const ok = { model: "agent-1", messages: [{ role: "user", content: "hi" }] };

function paramOf(body: unknown): string | undefined {
  try {
    parseChatCompletionRequest(body);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return Object.keys((err as AppError).fields ?? {})[0];
  }
  return undefined;
}

describe("the chat completions request", () => {
  it("keeps what it uses and ignores unknown fields", () => {
    const req = parseChatCompletionRequest({ ...ok, seed: 3, n: 1, stream: true, user: "u1" });
    expect(req).toEqual({ ...ok, stream: true, user: "u1" });
    expect(parseChatCompletionRequest({ ...ok, stream: null, max_tokens: null }).stream).toBeNull();
  });

  it("names the first bad parameter as OpenAI does", () => {
    expect(paramOf({ ...ok, stream: "yes" })).toBe("stream");
    expect(paramOf({ ...ok, stream_options: { include_usage: 1 } })).toBe("stream_options.include_usage");
    expect(paramOf({ ...ok, messages: [{ role: "user", content: [{ type: "image_url" }] }] })).toBe(
      "messages[0].content[0]",
    );
    expect(paramOf({ ...ok, messages: [{ role: "assistant", content: "hi" }] })).toBe("messages");
    expect(paramOf({ messages: ok.messages })).toBe("model");
    expect(paramOf("not an object")).toBe("body");
    expect(paramOf(ok)).toBeUndefined();
  });

  it("reads text parts as one text", () => {
    expect(
      contentText([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]),
    ).toBe("ab");
    expect(contentText(null)).toBe("");
  });
});
