import { beforeEach, describe, expect, it } from "vitest";
import { createAgent, duplicateAgent, restoreAgentVersion, updateAgent } from "@/lib/builder/agents";
import { deleteAgent, getAgent, listAgentParents, listAgents, listUsableAgents } from "@/lib/db/agents";
import { listAgentVersions } from "@/lib/db/agents-write";
import { query, resetDatabase } from "../helpers/reset-db";
import { draft, makeUser, rejection, withChildren } from "./agents-helpers";

describe("agents in the database", () => {
  let ann: string;
  let bob: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
  });

  it("stores children as rows in order with their modes, and version 1", async () => {
    const b = await createAgent({ userId: ann, input: draft("B") });
    const c = await createAgent({ userId: ann, input: draft("C") });
    const a = await createAgent({
      userId: ann,
      input: withChildren("A", [c.id, b.id], { modes: { [b.id]: "fork" } }),
    });
    const rows = await query(
      `SELECT "childId", position, mode FROM "AgentSubagent" WHERE "parentId" = $1 ORDER BY position`,
      [a.id],
    );
    expect(rows).toEqual([
      { childId: c.id, position: 0, mode: "ISOLATED" },
      { childId: b.id, position: 1, mode: "FORK" },
    ]);
    expect(a.version).toBe(1);
    expect(a.draft.subagents).toEqual({
      enabled: true,
      allowSelf: true,
      selfMode: "isolated",
      children: [
        { id: c.id, mode: "isolated" },
        { id: b.id, mode: "fork" },
      ],
    });
    expect(a.names).toEqual({ [b.id]: "B", [c.id]: "C" });
  });

  it("keeps another user out of a private agent: no read, edit or delete", async () => {
    const a = await createAgent({ userId: ann, input: draft("Private") });
    expect((await rejection(getAgent({ id: a.id, userId: bob }))).code).toBe("not_found:agent");
    expect((await rejection(updateAgent({ id: a.id, userId: bob, input: draft("Hacked") }))).code).toBe(
      "not_found:agent",
    );
    expect((await rejection(deleteAgent({ id: a.id, userId: bob }))).code).toBe("not_found:agent");
    const [row] = await query(`SELECT name, version FROM "Agent" WHERE id = $1`, [a.id]);
    expect(row).toEqual({ name: "Private", version: 1 });
    expect((await listAgents({ userId: bob })).mine).toEqual([]);
  });

  it("lets a viewer of a public agent read it but not edit or delete it", async () => {
    const a = await createAgent({ userId: ann, input: draft("Open", { visibility: "public" }) });
    expect((await getAgent({ id: a.id, userId: bob })).isOwner).toBe(false);
    expect((await rejection(updateAgent({ id: a.id, userId: bob, input: draft("X") }))).code).toBe(
      "forbidden:agent",
    );
    expect((await rejection(deleteAgent({ id: a.id, userId: bob }))).code).toBe("forbidden:agent");
    expect((await listAgents({ userId: bob })).public.map((x) => x.name)).toEqual(["Open"]);
  });

  it("makes a shared agent usable as a subagent only after it is shared", async () => {
    const tool = await createAgent({
      userId: ann,
      input: draft("Researcher", { description: "finds things" }),
    });
    expect((await rejection(createAgent({ userId: bob, input: withChildren("Lead", [tool.id]) }))).code).toBe(
      "bad_request:subagent_not_found",
    );
    await updateAgent({
      id: tool.id,
      userId: ann,
      input: draft("Researcher", { visibility: "shared", shareEmails: ["BOB@example.com"] }),
    });
    expect((await listAgents({ userId: bob })).shared.map((x) => x.name)).toEqual(["Researcher"]);
    expect((await listUsableAgents({ userId: bob })).map((x) => x.name)).toEqual(["Researcher"]);
    const lead = await createAgent({ userId: bob, input: withChildren("Lead", [tool.id]) });
    expect(lead.draft.subagents?.children).toEqual([{ id: tool.id, mode: "isolated" }]);
    // The owner sees who it is shared with; the viewer does not.
    expect((await getAgent({ id: tool.id, userId: ann })).draft.shareEmails).toEqual(["bob@example.com"]);
    expect((await getAgent({ id: tool.id, userId: bob })).draft.shareEmails).toEqual([]);
  });

  it("searches by name and description", async () => {
    await createAgent({ userId: ann, input: draft("Writer", { description: "drafts essays" }) });
    await createAgent({ userId: ann, input: draft("Coder", { description: "writes TypeScript" }) });
    const names = async (search: string) =>
      (await listAgents({ userId: ann, search })).mine.map((a) => a.name).sort();
    expect(await names("writ")).toEqual(["Coder", "Writer"]);
    expect(await names("ESSAY")).toEqual(["Writer"]);
    expect(await names("nothing")).toEqual([]);
  });

  it("delete removes the agent from its parents and reports them", async () => {
    const child = await createAgent({ userId: ann, input: draft("Child", { visibility: "public" }) });
    const p1 = await createAgent({ userId: ann, input: withChildren("Parent one", [child.id]) });
    await createAgent({ userId: ann, input: withChildren("Parent two", [child.id]) });
    await createAgent({ userId: bob, input: withChildren("Bob's private parent", [child.id]) });
    expect(await listAgentParents({ id: child.id, userId: ann })).toEqual({
      parents: [
        { id: p1.id, name: "Parent one" },
        { id: expect.any(String), name: "Parent two" },
      ],
      others: 1,
    });
    const result = await deleteAgent({ id: child.id, userId: ann });
    expect(result.removedFrom.map((p) => p.name)).toEqual(["Parent one", "Parent two"]);
    expect(result.others).toBe(1);
    expect(await query(`SELECT * FROM "AgentSubagent" WHERE "childId" = $1`, [child.id])).toEqual([]);
    expect((await getAgent({ id: p1.id, userId: ann })).draft.subagents?.children).toEqual([]);
    expect(await query(`SELECT * FROM "Agent" WHERE id = $1`, [child.id])).toEqual([]);
  });

  it("keeps a version per save and restores one exactly, as a new version", async () => {
    const b = await createAgent({ userId: ann, input: draft("B") });
    const v1Input = withChildren("A", [b.id], { modes: { [b.id]: "fork" } });
    const a = await createAgent({
      userId: ann,
      input: {
        ...v1Input,
        instructions: "Be brief.",
        tools: ["calculator"],
        parameters: { temperature: 0.3 },
      },
    });
    const v1 = await getAgent({ id: a.id, userId: ann });
    await updateAgent({
      id: a.id,
      userId: ann,
      input: draft("A renamed", {
        instructions: "Be verbose.",
        visibility: "public",
        parameters: { maxOutputTokens: 500 },
      }),
    });
    const versions = await listAgentVersions({ id: a.id, userId: ann });
    expect(versions.map((v) => [v.version, v.name])).toEqual([
      [2, "A renamed"],
      [1, "A"],
    ]);
    const restored = await restoreAgentVersion({ id: a.id, userId: ann, version: 1 });
    expect(restored.version).toBe(3);
    expect(restored.draft).toEqual(v1.draft);
    const snaps = await query<{ version: number; snapshot: unknown }>(
      `SELECT version, snapshot FROM "AgentVersion" WHERE "agentId" = $1 ORDER BY version`,
      [a.id],
    );
    expect(snaps[2].snapshot).toEqual(snaps[0].snapshot);
    expect((await rejection(restoreAgentVersion({ id: a.id, userId: bob, version: 1 }))).code).toBe(
      "not_found:agent",
    );
    expect((await rejection(restoreAgentVersion({ id: a.id, userId: ann, version: 9 }))).code).toBe(
      "not_found:agent_version",
    );
  });

  it("duplicates a viewable agent as a private copy owned by the user", async () => {
    const b = await createAgent({ userId: ann, input: draft("B", { visibility: "public" }) });
    const hidden = await createAgent({ userId: ann, input: draft("Hidden") });
    const a = await createAgent({
      userId: ann,
      input: { ...withChildren("A", [b.id, hidden.id]), visibility: "public" },
    });
    const copy = await duplicateAgent({ id: a.id, userId: bob });
    expect(copy.isOwner).toBe(true);
    expect(copy.draft.name).toBe("Copy of A");
    expect(copy.draft.visibility).toBe("private");
    // Bob can't view "Hidden", so the copy doesn't list it.
    expect(copy.draft.subagents?.children).toEqual([{ id: b.id, mode: "isolated" }]);
    expect(copy.version).toBe(1);
  });
});
