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

  it("runs 8 background tasks per process by default; 0 to 256 may be set", () => {
    expect(env({}).TASK_CONCURRENCY).toBe(8);
    expect(env({ TASK_CONCURRENCY: "0" }).TASK_CONCURRENCY).toBe(0);
    expect(env({ TASK_CONCURRENCY: "200" }).TASK_CONCURRENCY).toBe(200);
    for (const bad of ["257", "-1", "2.5", "many"])
      expect(() => env({ TASK_CONCURRENCY: bad })).toThrow(/TASK_CONCURRENCY/);
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

describe("env: sign-in providers", () => {
  const oidc = { AUTH_OIDC_ISSUER: "https://sso.example.com", AUTH_OIDC_ID: "app", AUTH_OIDC_SECRET: "s" };

  it("refuses a configured provider without the app's public address (AUTH_URL)", () => {
    expect(() => env(oidc)).toThrow(/AUTH_URL: required when a sign-in provider is configured/);
    expect(() => env({ AUTH_GITHUB_ID: "a", AUTH_GITHUB_SECRET: "b" })).toThrow(/AUTH_URL/);
    expect(env({ ...oidc, AUTH_URL: "https://chat.example.com" }).AUTH_URL).toBe("https://chat.example.com");
    // Password sign-in alone needs no public address.
    expect(env({}).AUTH_URL).toBeUndefined();
  });

  it("takes only an http(s) origin as AUTH_URL", () => {
    for (const bad of ["chat.example.com", "ftp://chat.example.com", "https://chat.example.com/app?x=1"])
      expect(() => env({ ...oidc, AUTH_URL: bad })).toThrow(/AUTH_URL/);
    expect(env({ ...oidc, AUTH_URL: "http://192.168.1.20:3000/" }).AUTH_URL).toBe(
      "http://192.168.1.20:3000/",
    );
  });

  it("takes a plain-http issuer only on this machine", () => {
    const base = { ...oidc, AUTH_URL: "https://chat.example.com" };
    expect(() => env({ ...base, AUTH_OIDC_ISSUER: "http://sso.example.com" })).toThrow(
      /AUTH_OIDC_ISSUER: must be https/,
    );
    expect(() => env({ ...base, AUTH_OIDC_ISSUER: "http://10.0.0.5:8080" })).toThrow(/AUTH_OIDC_ISSUER/);
    for (const local of ["http://127.0.0.1:9000", "http://localhost:8080/realms/x", "http://[::1]:9000"])
      expect(env({ ...base, AUTH_OIDC_ISSUER: local }).AUTH_OIDC_ISSUER).toBe(local);
  });

  it("bounds every request to a provider (10 s unless set)", () => {
    expect(env({}).AUTH_PROVIDER_TIMEOUT_MS).toBe(10_000);
    expect(env({ AUTH_PROVIDER_TIMEOUT_MS: "2500" }).AUTH_PROVIDER_TIMEOUT_MS).toBe(2500);
    expect(() => env({ AUTH_PROVIDER_TIMEOUT_MS: "0" })).toThrow(/AUTH_PROVIDER_TIMEOUT_MS/);
  });
});
