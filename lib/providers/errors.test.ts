import { describe, expect, it } from "vitest";

describe("provider error text never carries a key", () => {
  it("redacts key-like tokens the provider echoes", async () => {
    const { redactSecrets, toProviderError } = await import("./errors");
    expect(redactSecrets("Incorrect API key provided: sk-proj-abc123***************xyz9. See docs.")).toBe(
      "Incorrect API key provided: [redacted]. See docs.",
    );
    expect(redactSecrets("API key AIzaSyA1234567890abcdefghijklmnop is invalid")).toBe(
      "API key [redacted] is invalid",
    );
    const err = Object.assign(new Error("401 Incorrect API key provided: sk-live-0123456789abcdef"), {
      status: 401,
    });
    const mapped = toProviderError(err, { endpointName: "OpenAI" });
    expect(mapped.code).toBe("provider:auth");
    expect(mapped.message).not.toContain("0123456789abcdef");
  });
});

describe("redaction by value", () => {
  it("removes every secret the request used, as is, URL-encoded and JSON-escaped, and keeps no cause", async () => {
    const { toProviderError } = await import("./errors");
    const secrets = ["team.key.1", 'hdr "val"/2'];
    const err = Object.assign(
      new Error(
        `bad credentials team.key.1, header ${encodeURIComponent('hdr "val"/2')} ${JSON.stringify('hdr "val"/2')}`,
      ),
      { status: 500 },
    );
    const mapped = toProviderError(err, { endpointName: "Proxy", secrets });
    expect(mapped.code).toBe("provider:connection");
    expect(mapped.message).not.toContain("team.key.1");
    expect(mapped.message).not.toContain("val");
    expect(mapped.message).toContain("[redacted]");
    expect(mapped.cause).toBeUndefined();
    expect(JSON.stringify(mapped)).not.toContain("team.key.1");
  });
  it("leaves short values alone (they would blank ordinary words)", async () => {
    const { redactValues } = await import("./errors");
    expect(redactValues("a 1 b", ["1"])).toBe("a 1 b");
  });
});
