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
