import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "@/lib/builder/agents";
import { query, resetDatabase } from "../helpers/reset-db";
import { agentTablesState, draft, makeUser } from "./agents-helpers";

// `npm run agents -- export|import` as a team keeping its agents in git runs it: a real process
// against DATABASE_URL, acting as the named user. (Each call starts tsx: seconds, hence the timeouts.)

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), "teams-cli-"));

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "agents", "--", ...args], {
      env: { ...process.env, DEMO_ENDPOINT: "on" },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run agents", () => {
  let lead: string;
  beforeAll(async () => {
    await resetDatabase();
    const ann = await makeUser("ann@example.com");
    await makeUser("bob@example.com");
    const child = await createAgent({ userId: ann, input: draft("Helper", { tools: ["calculator"] }) });
    lead = (
      await createAgent({
        userId: ann,
        input: draft("Lead", {
          subagents: { enabled: true, allowSelf: false, children: [{ id: child.id }] },
        }),
      })
    ).id;
  });

  it("exports by name, imports as updates, and exports the same file again", async () => {
    const file = path.join(dir, "lead.yaml");
    const exported = await cli("export", "Lead", file, "--user", "ann@example.com");
    expect(exported).toMatchObject({ code: 0 });
    const text = readFileSync(file, "utf8");
    expect(text).toContain("root: lead");
    expect(text).toContain("- agent: helper");

    const imported = await cli("import", file, "--user", "ann@example.com", "--mode", "update");
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ rootId: lead, created: 0, updated: 2 });
    const again = await cli("export", lead, "-", "--user", "ann@example.com");
    expect(again.stdout).toBe(text);
  }, 240_000);

  it("maps a missing endpoint by name, and refuses bad input with a message and exit code", async () => {
    const file = path.join(dir, "elsewhere.yaml");
    await cli("export", lead, file, "--user", "ann@example.com");
    writeFileSync(file, readFileSync(file, "utf8").replace(/endpoint: .*/, "endpoint: Partner GPT"));
    const before = await agentTablesState();

    const unmapped = await cli("import", file, "--user", "bob@example.com");
    expect(unmapped.code).toBe(1);
    expect(unmapped.stderr).toContain("The endpoint Partner GPT doesn't exist here");
    const stranger = await cli("export", lead, "-", "--user", "bob@example.com");
    expect(stranger.code).toBe(1);
    expect(stranger.stdout).toBe("");
    expect((await cli("import", file, "--user", "nobody@example.com")).code).toBe(1);
    expect((await cli("import", path.join(dir, "missing.yaml"), "--user", "bob@example.com")).code).toBe(1);
    expect((await cli("import", file)).code).toBe(2);
    expect(await agentTablesState()).toEqual(before);

    const mapped = await cli(
      "import",
      file,
      "--user",
      "bob@example.com",
      "--map-endpoint",
      "Partner GPT=Demo (scripted, offline)",
    );
    expect(mapped.code).toBe(0);
    const { rootId } = JSON.parse(mapped.stdout);
    const [row] = await query<{ provider: string; owner: string }>(
      `SELECT a.provider, u.email AS owner FROM "Agent" a JOIN "User" u ON u.id = a."ownerId" WHERE a.id = $1`,
      [rootId],
    );
    expect(row).toEqual({ provider: "builtin:demo", owner: "bob@example.com" });
  }, 240_000);
});
