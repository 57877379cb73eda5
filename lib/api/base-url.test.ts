import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { publicOrigin } from "./base-url";

const headers = (h: Record<string, string>) => new Headers(h);

describe("the origin shown in the API examples", () => {
  it("is AUTH_URL when an admin set it, whatever the request says", () => {
    const e = env({ AUTH_URL: "https://chat.example.com/" });
    expect(publicOrigin(headers({ host: "evil.test" }), e)).toBe("https://chat.example.com");
  });

  it("is the request's host over http, and believes X-Forwarded-Proto only behind trusted proxies", () => {
    const h = headers({ host: "localhost:3000", "x-forwarded-proto": "https" });
    expect(publicOrigin(h, env({}))).toBe("http://localhost:3000");
    expect(publicOrigin(h, env({ TRUSTED_PROXY_HOPS: "1" }))).toBe("https://localhost:3000");
    const odd = headers({ host: "a.test", "x-forwarded-proto": "javascript" });
    expect(publicOrigin(odd, env({ TRUSTED_PROXY_HOPS: "1" }))).toBe("http://a.test");
  });
});
