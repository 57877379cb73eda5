// A broken configuration stops the server at start-up, naming each bad or removed setting (and
// what replaced it), instead of serving a 500 on every route.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/helpers/instrumentation-host.ts"],
    // No DATABASE_URL: the hook stops after validating the configuration.
    {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe("start-up with a broken configuration", { timeout: 90_000 }, () => {
  it("refuses to start, naming removed settings and their replacement", () => {
    const r = start({ TRUST_PROXY: "false", FILE_MAX_MB: "10", DATABASE_POOL_MAX: "lots" });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain("serving");
    expect(r.stderr).toContain("TRUST_PROXY: removed; use TRUSTED_PROXY_HOPS");
    expect(r.stderr).toContain("FILE_MAX_MB: removed; use the admin's file limits");
    expect(r.stderr).toContain("DATABASE_POOL_MAX");
    expect(r.stderr).toContain("The server did not start.");
  });

  it("starts with a valid one", () => {
    const r = start({ TRUSTED_PROXY_HOPS: "1" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("serving");
    expect(r.code).toBe(0);
  });
});
