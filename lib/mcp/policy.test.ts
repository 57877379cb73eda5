import { describe, expect, it } from "vitest";
import { signUser, USER_META_KEY, verifyUser } from "./identity";
import { mcpServerInputSchema } from "./input";
import { displayUrl, redact, secretValues } from "./redact";
import { asksBeforeRunningByDefault } from "./registry-tool";

const env = { AUTH_SECRET: "a-test-secret-that-is-long-enough" };

describe("ask before running, by default", () => {
  it("is on for destructive or open-world tools, off without annotations or for read-only ones", () => {
    expect(asksBeforeRunningByDefault(undefined)).toBe(false);
    expect(asksBeforeRunningByDefault({ title: "x" })).toBe(false);
    expect(asksBeforeRunningByDefault({ destructiveHint: true })).toBe(true);
    expect(asksBeforeRunningByDefault({ destructiveHint: true, readOnlyHint: true })).toBe(false);
    expect(asksBeforeRunningByDefault({ readOnlyHint: true, openWorldHint: true })).toBe(true);
    expect(asksBeforeRunningByDefault({ destructiveHint: false, openWorldHint: false })).toBe(false);
  });
});

describe("signed users for built-in servers", () => {
  const meta = (v: unknown) => ({ [USER_META_KEY]: v });
  it("verifies the signer's user for the right server within 5 minutes, and nothing else", () => {
    const now = 1_800_000_000_000;
    const signed = signUser({ userId: "u1", audience: "builtin:notes", now, env });
    expect(verifyUser(meta(signed), { audience: "builtin:notes", now: now + 60_000, env })).toBe("u1");
    expect(verifyUser(meta(signed), { audience: "builtin:notes", now: now + 301_000, env })).toBeNull();
    expect(verifyUser(meta(signed), { audience: "builtin:other", now, env })).toBeNull();
    expect(verifyUser(meta({ ...signed, id: "u2" }), { audience: "builtin:notes", now, env })).toBeNull();
    expect(verifyUser(meta({ ...signed, sig: "" }), { audience: "builtin:notes", now, env })).toBeNull();
    expect(verifyUser(undefined, { audience: "builtin:notes", now, env })).toBeNull();
    const otherKey = { AUTH_SECRET: "another-secret-that-is-long-enough" };
    expect(verifyUser(meta(signed), { audience: "builtin:notes", now, env: otherKey })).toBeNull();
  });
});

describe("secrets in messages", () => {
  it("are masked by value, whole and word by word", () => {
    const secrets = secretValues({
      id: "s",
      name: "S",
      slug: "s",
      transport: {
        type: "http",
        url: "http://x",
        headers: { Authorization: "Bearer abcdef123456", "X-A": "1" },
      },
    });
    expect(redact("got Bearer abcdef123456 and abcdef123456 and 1", secrets)).toBe("got •••• and •••• and 1");
    expect(displayUrl("https://user:pw@example.com/mcp?key=secret")).toBe("https://example.com/mcp");
  });
});

describe("MCP server input", () => {
  it("requires a URL for HTTP and a command for stdio, and valid names", () => {
    expect(
      mcpServerInputSchema.safeParse({ name: "A", transport: "http", url: "https://x/mcp" }).success,
    ).toBe(true);
    expect(mcpServerInputSchema.safeParse({ name: "A", transport: "http", url: "file:///etc" }).success).toBe(
      false,
    );
    expect(mcpServerInputSchema.safeParse({ name: "A", transport: "stdio" }).success).toBe(false);
    const badEnv = { name: "A", transport: "stdio", command: "x", env: { "1BAD": "v" } };
    expect(mcpServerInputSchema.safeParse(badEnv).success).toBe(false);
    expect(mcpServerInputSchema.safeParse({ name: " ", transport: "http", url: "https://x" }).success).toBe(
      false,
    );
  });
});
