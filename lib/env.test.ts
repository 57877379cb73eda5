import { describe, expect, it } from "vitest";
import { env, providerEnv } from "./env";

describe("env", () => {
  it("validates the telemetry switches", () => {
    expect(env({})).toMatchObject({ OTEL_SERVICE_NAME: "delegate-chat" });
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", METRICS_TOKEN: "0123456789abcdef" };
    expect(env(on)).toMatchObject(on);
    for (const bad of [{ METRICS_TOKEN: "short" }, { OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }])
      expect(() => env(bad)).toThrow(new RegExp(Object.keys(bad)[0]));
  });

  it("sees a changed variable at once, and parses again only then", () => {
    const source: Record<string, string | undefined> = { DATABASE_POOL_MAX: "7" };
    const first = env(source);
    expect(env(source)).toBe(first);
    source.DATABASE_POOL_MAX = "8";
    expect(env(source).DATABASE_POOL_MAX).toBe(8);
  });

  it("fills defaults and treats empty values as unset", () => {
    const e = env({ DATABASE_POOL_MAX: "", DEMO_ENDPOINT: " ", QUOTA_STALE_RUN_MINUTES: "" });
    expect(e).toMatchObject({
      DATABASE_POOL_MAX: 10,
      EMBEDDED_DATABASE: "0",
      DEMO_ENDPOINT: "auto",
      QUOTA_STALE_RUN_MINUTES: 15,
    });
    expect(e.DEMO_TOKEN_DELAY_MS).toBeUndefined();
    expect(e.DATABASE_URL).toBeUndefined();
  });

  it("parses numbers and the demo switch (any case)", () => {
    const e = env({ DATABASE_POOL_MAX: "3", DEMO_ENDPOINT: "OFF", DEMO_TOKEN_DELAY_MS: "0" });
    expect(e).toMatchObject({ DATABASE_POOL_MAX: 3, DEMO_ENDPOINT: "off", DEMO_TOKEN_DELAY_MS: 0 });
  });

  it("refuses bad values, naming each variable", () => {
    const bad = { DEMO_ENDPOINT: "maybe", DATABASE_POOL_MAX: "lots", QUOTA_STALE_RUN_MINUTES: "-1" };
    expect(() => env(bad)).toThrow(/^Invalid configuration: /);
    const message = (() => {
      try {
        env(bad);
        return "";
      } catch (err) {
        return (err as Error).message;
      }
    })();
    for (const name of Object.keys(bad)) expect(message).toContain(name);
  });

  it("hands the endpoint variables on as one record, trimmed", () => {
    const p = providerEnv(env({ OPENAI_API_KEY: " sk-1 ", OLLAMA_BASE_URL: "", DEMO_ENDPOINT: "on" }));
    expect(p.OPENAI_API_KEY).toBe("sk-1");
    expect(p.OLLAMA_BASE_URL).toBeUndefined();
    expect(p.DEMO_ENDPOINT).toBe("on");
  });
});

describe("env: client addresses and registration", () => {
  it("trusts no proxy by default and parses the hop count", () => {
    expect(env({}).TRUSTED_PROXY_HOPS).toBe(0);
    expect(env({ TRUSTED_PROXY_HOPS: "2" }).TRUSTED_PROXY_HOPS).toBe(2);
    expect(() => env({ TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => env({ TRUSTED_PROXY_HOPS: "yes" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it("refuses the old TRUST_PROXY switch instead of silently ignoring it", () => {
    expect(() => env({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: removed; use TRUSTED_PROXY_HOPS/);
    expect(() => env({ FILE_MAX_MB: "10", TRUST_PROXY: "false" })).toThrow(
      /TRUST_PROXY: removed.*FILE_MAX_MB: removed; use the admin.s file limits/,
    );
    expect(env({ TRUST_PROXY: "" }).TRUSTED_PROXY_HOPS).toBe(0);
  });

  it("reads ALLOW_REGISTRATION (any case) and refuses other values", () => {
    expect(env({}).ALLOW_REGISTRATION).toBeUndefined();
    expect(env({ ALLOW_REGISTRATION: "Invite" }).ALLOW_REGISTRATION).toBe("invite");
    expect(env({ ALLOW_REGISTRATION: "closed" }).ALLOW_REGISTRATION).toBe("closed");
    expect(() => env({ ALLOW_REGISTRATION: "maybe" })).toThrow(/ALLOW_REGISTRATION/);
  });
});
