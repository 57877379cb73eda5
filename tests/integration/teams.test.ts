import { beforeEach, describe, expect, it, vi } from "vitest";
import { createEndpoint } from "@/lib/endpoints/admin";
import { query, resetDatabase } from "../helpers/reset-db";
import { agentTablesState, DEMO, draft, makeUser } from "./agents-helpers";

// Teams as files: export → import → export gives the same file; imports are checked like saves,
// map what the server lacks, write all or nothing, and never reach other users' agents.

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Lets a test change the database between an import's checks and its write.
const race = vi.hoisted(() => ({ beforeWrite: null as null | (() => Promise<void>) }));
vi.mock("@/lib/db/agents-team", async (load) => {
  const real = await load<typeof import("@/lib/db/agents-team")>();
  return {
    ...real,
    writeTeam: async (input: Parameters<typeof real.writeTeam>[0]) => {
      await race.beforeWrite?.();
      return real.writeTeam(input);
    },
  };
});

const { createAgent, updateAgent } = await import("@/lib/builder/agents");
const exportRoute = await import("@/app/api/agents/[id]/export/route");
const importRoute = await import("@/app/api/agents/import/route");
const previewRoute = await import("@/app/api/agents/import/preview/route");

const post = (body: unknown) =>
  new Request("http://test/api/agents/import", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

async function exported(id: string) {
  const res = await exportRoute.GET(new Request("http://test"), { params: Promise.resolve({ id }) });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

async function preview(body: unknown) {
  const res = await previewRoute.POST(post(body));
  return { status: res.status, body: await res.json() };
}

async function imported(body: unknown) {
  const res = await importRoute.POST(post(body));
  return { status: res.status, body: await res.json() };
}

async function research() {
  return createEndpoint({
    input: {
      name: "Research GPT",
      protocol: "openai",
      baseURL: "http://127.0.0.1:9/v1",
      apiKey: "sk-test-secret-key",
      models: ["gpt-r"],
      restricted: false,
      allowUserKeys: false,
      allowedUserIds: [],
    },
  });
}

/** A root with a forked, budgeted background child, a self copy on another model, a handoff. */
async function team(ownerId: string) {
  const endpoint = await research();
  const writer = await createAgent({
    userId: ownerId,
    input: draft("Writer", {
      category: "writing",
      instructions: "Write it.\nPlainly.",
      tools: ["calculator", "current_time"],
      askTools: ["calculator"],
      parameters: { temperature: 0.3, maxOutputTokens: 800 },
    }),
  });
  const critic = await createAgent({
    userId: ownerId,
    input: draft("Critic", { description: "Finds faults" }),
  });
  const lead = await createAgent({
    userId: ownerId,
    input: draft("Team Lead", {
      provider: endpoint.id,
      model: "gpt-r",
      subagents: {
        enabled: true,
        allowSelf: true,
        selfMode: "fork",
        selfBudget: 0.25,
        selfModel: DEMO,
        selfBackground: true,
        children: [{ id: writer.id, mode: "fork", budget: 0.5, background: true }, { id: critic.id }],
      },
      summarization: { provider: DEMO.provider, model: DEMO.model, trigger: { type: "tokens", value: 4000 } },
      handoffs: [{ to: critic.id, description: "for reviews" }],
    }),
  });
  return { lead, writer, critic, endpoint };
}

describe("teams as files", () => {
  let ann: string;
  let bob: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
    session.userId = ann;
  });

  it("exports the whole tree by names, without secrets, and round-trips to the same file", async () => {
    const { lead } = await team(ann);
    const first = await exported(lead.id);
    expect(first.status).toBe(200);
    expect(first.type).toContain("yaml");
    expect(first.text).toContain("schemaVersion: 1");
    expect(first.text).toContain("endpoint: Research GPT");
    expect(first.text).toContain("endpoint: Demo (scripted, offline)");
    expect(first.text).toContain("builtin: calculator");
    expect(first.text).toContain("category: writing");
    expect(first.text).not.toContain("sk-test");
    expect(first.text).not.toContain(ann);
    expect(first.text.replace(/id: c[a-z0-9]+/g, "id: <id>")).toMatchSnapshot();

    const updated = await imported({ file: first.text, mode: "update" });
    expect(updated).toMatchObject({ status: 201, body: { rootId: lead.id, created: 0, updated: 3 } });
    expect((await exported(lead.id)).text).toBe(first.text);
    const [row] = await query<{ version: number }>(`SELECT version FROM "Agent" WHERE id = $1`, [lead.id]);
    expect(row.version).toBe(2);
  });

  it("imports on a fresh server with the missing endpoint mapped, and exports the same file again", async () => {
    const { lead } = await team(ann);
    const file = (await exported(lead.id)).text;
    await resetDatabase();
    const dave = await makeUser("dave@example.com");
    session.userId = dave;

    const p = await preview({ file });
    expect(p.status).toBe(200);
    expect(p.body.plan.ready).toBe(false);
    expect(p.body.plan.missing.endpoints).toEqual([{ name: "Research GPT", agents: ["Team Lead"] }]);
    expect(p.body.plan.agents.map((a: { action: string }) => a.action)).toEqual([
      "create",
      "create",
      "create",
    ]);
    expect(p.body.plan.tree.nodes.map((n: { name: string }) => n.name)).toContain("Writer");

    const before = await agentTablesState();
    const refused = await imported({ file });
    expect(refused).toMatchObject({ status: 400, body: { code: "bad_request:team_unmapped_endpoint" } });
    expect(refused.body.message).toContain("Research GPT");
    expect(await agentTablesState()).toEqual(before);

    // The operator adds an endpoint of the same name: then nothing needs mapping.
    const here = await research();
    const done = await imported({ file });
    expect(done.status).toBe(201);
    expect(done.body.rootId).toBe(lead.id); // the file's ids are free here, so they are kept
    expect((await exported(done.body.rootId)).text).toBe(file);

    // Mapped to another endpoint: the same tree on the demo endpoint; as new agents (ids taken).
    const mapped = await imported({
      file: file.replace(/Research GPT/g, "Elsewhere"),
      mapping: { endpoints: { Elsewhere: here.id } },
    });
    expect(mapped.status).toBe(201);
    expect(mapped.body.rootId).not.toBe(lead.id);
    expect((await exported(mapped.body.rootId)).text).toContain("endpoint: Research GPT");
  });

  it("maps tools the server lacks to another tool, or leaves them out", async () => {
    const { lead } = await team(ann);
    const file = (await exported(lead.id)).text.replace("builtin: current_time", "builtin: clock");
    const p = await preview({ file });
    expect(p.body.plan.missing.tools).toEqual([{ ref: "builtin/clock", agents: ["Writer"] }]);
    expect((await imported({ file })).body.code).toBe("bad_request:team_unmapped_tool");

    const mapped = await imported({ file, mapping: { tools: { "builtin/clock": "current_time" } } });
    expect(mapped.status).toBe(201);
    const again = await exported(mapped.body.rootId);
    expect(again.text).toContain("builtin: current_time");

    const dropped = await imported({ file, mapping: { tools: { "builtin/clock": "" } } });
    const text = (await exported(dropped.body.rootId)).text;
    expect(text).not.toContain("current_time");
    expect(text).toContain("builtin: calculator");
  });

  it("refuses bad files with a 4xx naming the problem and writes nothing", async () => {
    const { lead } = await team(ann);
    const file = (await exported(lead.id)).text;
    const before = await agentTablesState();
    const cases: [unknown, number, string, string?][] = [
      [{ file: "a: [1, 2" }, 400, "bad_request:team_yaml"],
      [
        { file: file.replace("schemaVersion: 1", "schemaVersion: 2") },
        400,
        "bad_request:team_field",
        "schemaVersion",
      ],
      [{ file: file.replace("model: gpt-r", "model: 42") }, 400, "bad_request:team_field", "agents.0.model"],
      [
        { file: file.replace("  - agent: writer", "  - agent: nobody") },
        400,
        "bad_request:team_unknown_agent",
        "nobody",
      ],
      [{ file: file.replace("key: critic", "key: writer") }, 400, "bad_request:team_key_twice"],
      [
        { file: file.replace("temperature: 0.3", "temperature: 7") },
        400,
        "bad_request:team_field",
        "agents.1.parameters.temperature",
      ],
      [{ file: `${file}\n${"#".repeat(600 * 1024)}` }, 413, "payload_too_large:team_file"],
      [
        {
          file: `a: &a ["x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]`,
        },
        400,
        "bad_request:team_yaml",
      ],
      [
        { file, mapping: { endpoints: { "Research GPT": "nope" } } },
        400,
        "bad_request:team_mapping",
        "mapping.endpoints.Research GPT",
      ],
      [{ file, mode: "merge" }, 400, "bad_request:team_field", "mode"],
      [{ file: 42 }, 400, "bad_request:team_field", "file"],
      [{ file: "- just\n- a list" }, 400, "bad_request:team_field"],
    ];
    for (const [body, status, code, says] of cases) {
      for (const call of [imported, preview]) {
        const res = await call(body);
        expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
        if (says) expect(res.body.message).toContain(says);
      }
    }
    expect(await agentTablesState()).toEqual(before);
  });

  it("refuses a tree the engine refuses, showing its verdict in the preview", async () => {
    const { lead } = await team(ann);
    const file = (await exported(lead.id)).text.replace("  - agent: critic\n", "  - agent: team-lead\n");
    const p = await preview({ file });
    expect(p.body.plan.verdicts[0]).toMatchObject({ key: "team-lead", code: "bad_request:subagent_self" });
    const before = await agentTablesState();
    expect((await imported({ file })).status).toBe(400);
    expect(await agentTablesState()).toEqual(before);
  });

  it("never exports agents the user may not view, nor updates agents of others", async () => {
    const { lead } = await team(ann);
    session.userId = bob;
    expect((await exported(lead.id)).status).toBe(404);

    // Public root, private children: Bob's file holds the root alone.
    session.userId = ann;
    const full = (await exported(lead.id)).text;
    const input = draft("Team Lead", { visibility: "public" });
    await updateAgent({ id: lead.id, userId: ann, input: { ...input, provider: DEMO.provider } });
    session.userId = bob;
    const bobs = await exported(lead.id);
    expect(bobs.status).toBe(200);
    expect(bobs.text).not.toContain("Writer");

    // "update" with Ann's file: Bob owns none of them, so all are created as his.
    const before = await query<{ id: string; version: number }>(
      `SELECT id, version FROM "Agent" ORDER BY id`,
    );
    const res = await imported({ file: full, mode: "update" });
    expect(res.body).toMatchObject({ created: 3, updated: 0 });
    const after = await query<{ id: string; version: number }>(
      `SELECT id, version FROM "Agent" WHERE "ownerId" = $1 ORDER BY id`,
      [ann],
    );
    expect(after).toEqual(before);
  });

  it("answers 409 and writes nothing when an agent it keeps or updates changed meanwhile", async () => {
    const { lead } = await team(ann);
    const file = (await exported(lead.id)).text;
    const writerId = /id: (c[a-z0-9]+)\n {4}name: Writer/.exec(file)?.[1] as string;
    let before: Awaited<ReturnType<typeof agentTablesState>> | undefined;
    race.beforeWrite = async () => {
      await query(`DELETE FROM "Agent" WHERE id = $1`, [writerId]);
      before = await agentTablesState();
    };
    try {
      const res = await imported({ file, mode: "update" });
      expect(res).toMatchObject({ status: 409, body: { code: "conflict:team_changed" } });
      expect(await agentTablesState()).toEqual(before);
    } finally {
      race.beforeWrite = null;
    }
  });

  it("answers anonymous callers with 401", async () => {
    session.userId = null;
    expect((await imported({ file: "x" })).status).toBe(401);
    expect((await exported("whatever")).status).toBe(401);
  });
});
