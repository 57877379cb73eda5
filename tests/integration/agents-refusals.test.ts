import { beforeEach, describe, expect, it } from "vitest";
import { createAgent, updateAgent } from "@/lib/builder/agents";
import { deleteAgent } from "@/lib/db/agents";
import { updateQuotaOverride } from "@/lib/quota";
import { resetDatabase } from "../helpers/reset-db";
import { agentTablesState, draft, makeUser, rejection, withChildren } from "./agents-helpers";

// Every refusal of a save: a typed code, a message next to the right field, and nothing written.
describe("agent saves are refused with a field message and nothing written", () => {
  let owner: string;
  let other: string;
  beforeEach(async () => {
    await resetDatabase();
    owner = await makeUser("owner@example.com");
    other = await makeUser("other@example.com");
  });

  async function expectRefused(run: () => Promise<unknown>, code: string, field: string, message?: RegExp) {
    const before = await agentTablesState();
    const err = await rejection(run());
    expect(err.code).toBe(code);
    expect(err.fields?.[field]).toBeTruthy();
    if (message) expect(err.fields?.[field]).toMatch(message);
    expect(await agentTablesState()).toEqual(before);
    return err;
  }

  it("refuses invalid fields (zod) with per-field messages", async () => {
    const err = await expectRefused(
      () => createAgent({ userId: owner, input: draft("", { parameters: { temperature: 7 } }) }),
      "bad_request:agent",
      "name",
    );
    expect(err.fields?.["parameters.temperature"]).toBe("Use at most 2.");
  });

  it("refuses unknown and deleted agent ids", async () => {
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("A", ["does-not-exist"]) }),
      "bad_request:subagent_not_found",
      "subagents",
      /does-not-exist/,
    );
    const b = await createAgent({ userId: owner, input: draft("B") });
    await deleteAgent({ id: b.id, userId: owner });
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("A", [b.id]) }),
      "bad_request:subagent_not_found",
      "subagents",
    );
  });

  it("refuses an agent the user may not view", async () => {
    const secret = await createAgent({ userId: other, input: draft("Secret") });
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("A", [secret.id]) }),
      "bad_request:subagent_not_found",
      "subagents",
    );
  });

  it("refuses itself as a child", async () => {
    const a = await createAgent({ userId: owner, input: draft("A") });
    await expectRefused(
      () => updateAgent({ id: a.id, userId: owner, input: withChildren("A", [a.id]) }),
      "bad_request:subagent_self",
      "subagents",
    );
  });

  it("refuses more children than maxSubagentsPerAgent (10)", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await createAgent({ userId: owner, input: draft(`C${i}`) })).id);
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("A", ids) }),
      "limit:subagents_per_agent",
      "subagents",
      /At most 10/,
    );
  });

  it("refuses a tree deeper than maxSubagentDepth with the engine's message", async () => {
    // L0 ← L1 ← … ← L5: a chain of 6 agents is exactly depth 5 (no self-spawn).
    let child = (await createAgent({ userId: owner, input: draft("L0") })).id;
    for (let i = 1; i <= 5; i++) {
      child = (
        await createAgent({ userId: owner, input: withChildren(`L${i}`, [child], { allowSelf: false }) })
      ).id;
    }
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("Top", [child], { allowSelf: false }) }),
      "limit:subagent_depth",
      "subagents",
      /"L1" would delegate to "L0" at depth 6, and the limit is 5\. Remove "L0" from the subagents of "L1"/,
    );
  });

  it("refuses a tree with more than maxSubagentRunConfigs entries", async () => {
    // 10 leaves with self-spawn (2 entries each under a parent), 5 parents of 10 leaves each … fan-out.
    const leaves: string[] = [];
    for (let i = 0; i < 10; i++) {
      leaves.push((await createAgent({ userId: owner, input: withChildren(`Leaf${i}`, []) })).id);
    }
    // Each mid agent: self + 10 leaves (each leaf: 1 self) = 1 + 10 + 10 = 21 entries.
    const mids: string[] = [];
    for (let i = 0; i < 5; i++) {
      mids.push((await createAgent({ userId: owner, input: withChildren(`Mid${i}`, leaves) })).id);
    }
    // Top: self + 5 × (1 + 21) = 111 entries > 100.
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("Top", mids) }),
      "limit:subagent_run_configs",
      "subagents",
      /exceeds the limit of 100/,
    );
  });

  it("refuses sharing with an unknown email and handoffs to hidden agents", async () => {
    await expectRefused(
      () =>
        createAgent({
          userId: owner,
          input: draft("A", { visibility: "shared", shareEmails: ["nobody@example.com"] }),
        }),
      "bad_request:agent_share",
      "shareEmails",
      /nobody@example.com/,
    );
    const secret = await createAgent({ userId: other, input: draft("Secret") });
    await expectRefused(
      () =>
        createAgent({
          userId: owner,
          input: draft("A", { handoffs: [{ to: secret.id, description: "x" }] }),
        }),
      "bad_request:handoff_not_found",
      "handoffs",
    );
  });

  it("refuses an endpoint that does not exist and an unknown tool", async () => {
    await expectRefused(
      () => createAgent({ userId: owner, input: draft("A", { provider: "env:nowhere" }) }),
      "bad_request:agent_model",
      "provider",
    );
    await expectRefused(
      () => createAgent({ userId: owner, input: draft("A", { tools: ["rm_rf"] }) }),
      "bad_request:agent_tool",
      "tools",
    );
  });

  it("applies the admin's per-user limits (override: depth 1, 2 children per agent)", async () => {
    await updateQuotaOverride({
      userId: owner,
      patch: { maxSubagentDepth: 1, maxSubagentsPerAgent: 2 },
      actor: { id: other, email: "other@example.com" },
    });
    const leaf = await createAgent({ userId: owner, input: draft("Leaf") });
    const mid = await createAgent({
      userId: owner,
      input: withChildren("Mid", [leaf.id], { allowSelf: false }),
    });
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("Top", [mid.id], { allowSelf: false }) }),
      "limit:subagent_depth",
      "subagents",
      /the limit is 1\./,
    );
    const x = await createAgent({ userId: owner, input: draft("X") });
    await expectRefused(
      () => createAgent({ userId: owner, input: withChildren("Wide", [leaf.id, x.id, mid.id]) }),
      "limit:subagents_per_agent",
      "subagents",
      /At most 2/,
    );
    // Another user keeps the defaults.
    await createAgent({ userId: other, input: draft("Other leaf", { visibility: "public" }) });
  });
});
