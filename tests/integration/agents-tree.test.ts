import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveLimits } from "@/lib/agents";
import { createAgent, updateAgent } from "@/lib/builder/agents";
import { previewTree } from "@/lib/builder/draft-tree";
import { loadAgentTree } from "@/lib/db/agents-tree";
import { installQueryCounter, type QueryCounter } from "../helpers/query-counter";
import { query, resetDatabase } from "../helpers/reset-db";
import { draft, makeUser, rejection, withChildren } from "./agents-helpers";

describe("loadAgentTree", () => {
  let ann: string;
  let bob: string;
  let counter: QueryCounter | undefined;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
  });
  afterEach(async () => {
    await counter?.restore();
    counter = undefined;
  });

  it("loads a whole tree in one query, as engine definitions keyed by id", async () => {
    // Depth 3, 1 + 3 + 9 + 9 = 22 agents: R → M0..M2 → L0..L8 (each M lists three) → each L lists one leaf.
    const leaves: string[] = [];
    for (let i = 0; i < 9; i++)
      leaves.push((await createAgent({ userId: ann, input: draft(`Leaf${i}`) })).id);
    const ls: string[] = [];
    for (let i = 0; i < 9; i++)
      ls.push((await createAgent({ userId: ann, input: withChildren(`L${i}`, [leaves[i]]) })).id);
    const ms: string[] = [];
    for (let i = 0; i < 3; i++) {
      ms.push(
        (await createAgent({ userId: ann, input: withChildren(`M${i}`, ls.slice(i * 3, i * 3 + 3)) })).id,
      );
    }
    const root = await createAgent({
      userId: ann,
      input: {
        ...withChildren("R", ms, { modes: { [ms[1]]: "fork" } }),
        tools: ["calculator"],
        visibility: "public",
      },
    });

    counter = installQueryCounter();
    // Its owner chats (bob may view the public root only: see the permission tests below).
    const tree = await loadAgentTree({ rootId: root.id, userId: ann });
    expect(counter.count()).toBe(1);
    expect(tree.queries).toBe(1);
    expect(tree.agents.size).toBe(22);
    expect(tree.rootId).toBe(root.id);
    expect(tree.root).toEqual({
      id: root.id,
      name: "R",
      description: "",
      instructions: "",
      provider: "builtin:demo",
      model: "demo-delegator",
      parameters: {},
      tools: ["calculator"],
      askTools: [],
      subagents: {
        enabled: true,
        allowSelf: true,
        agent_ids: ms,
        modes: { self: "isolated", [ms[0]]: "isolated", [ms[1]]: "fork", [ms[2]]: "isolated" },
      },
    });
    expect(tree.agents.get(ls[4])?.subagents?.agent_ids).toEqual([leaves[4]]);
  });

  it("counts one query also with cycles, and refuses agents the user can't view", async () => {
    const b = await createAgent({ userId: ann, input: draft("B") });
    const a = await createAgent({ userId: ann, input: withChildren("A", [b.id]) });
    await updateAgent({ id: b.id, userId: ann, input: withChildren("B", [a.id]) });
    counter = installQueryCounter();
    const tree = await loadAgentTree({ rootId: a.id, userId: ann });
    expect(counter.count()).toBe(1);
    expect([...tree.agents.keys()].sort()).toEqual([a.id, b.id].sort());
    expect((await rejection(loadAgentTree({ rootId: a.id, userId: bob }))).code).toBe("not_found:agent");
  });

  it("follows a link only while the chatting user (here the parent's owner) may view the child", async () => {
    const tool = await createAgent({
      userId: ann,
      input: draft("Tool", { visibility: "shared", shareEmails: ["bob@example.com"] }),
    });
    const lead = await createAgent({ userId: bob, input: withChildren("Lead", [tool.id]) });
    expect((await loadAgentTree({ rootId: lead.id, userId: bob })).root.subagents?.agent_ids).toEqual([
      tool.id,
    ]);
    await updateAgent({ id: tool.id, userId: ann, input: draft("Tool") }); // private again
    const tree = await loadAgentTree({ rootId: lead.id, userId: bob });
    // Still listed, so the engine can say which child it could not run; absent from the lookup.
    expect(tree.root.subagents?.agent_ids).toEqual([tool.id]);
    expect(tree.agents.has(tool.id)).toBe(false);
    expect(tree.hidden).toEqual([tool.id]);
  });

  it("checks the chatting user's view permission, not the owner's: a private child of a public agent is left out", async () => {
    const secret = await createAgent({ userId: ann, input: draft("Secret") });
    const deep = await createAgent({ userId: ann, input: draft("Deep", { visibility: "public" }) });
    const helper = await createAgent({
      userId: ann,
      input: { ...withChildren("Helper", [deep.id]), visibility: "public" },
    });
    const lead = await createAgent({
      userId: ann,
      input: { ...withChildren("Lead", [secret.id, helper.id]), visibility: "public" },
    });
    counter = installQueryCounter();
    const forBob = await loadAgentTree({ rootId: lead.id, userId: bob });
    expect(counter.count()).toBe(1);
    expect([...forBob.agents.keys()].sort()).toEqual([lead.id, helper.id, deep.id].sort());
    expect(forBob.root.subagents?.agent_ids).toEqual([secret.id, helper.id]);
    expect(forBob.hidden).toEqual([secret.id]);
    const forAnn = await loadAgentTree({ rootId: lead.id, userId: ann });
    expect([...forAnn.agents.keys()].sort()).toEqual([lead.id, secret.id, helper.id, deep.id].sort());
    expect(forAnn.hidden).toEqual([]);
  });

  it("loads handoff targets and their subagents with the tree, in the same query", async () => {
    const ledger = await createAgent({ userId: ann, input: draft("Ledger") });
    const billing = await createAgent({ userId: ann, input: withChildren("Billing", [ledger.id]) });
    const privateDesk = await createAgent({ userId: bob, input: draft("Bob's desk") });
    const front = await createAgent({
      userId: ann,
      input: draft("Front", { handoffs: [{ to: billing.id, description: "invoices" }] }),
    });
    counter = installQueryCounter();
    const tree = await loadAgentTree({ rootId: front.id, userId: ann });
    expect(counter.count()).toBe(1);
    expect([...tree.agents.keys()].sort()).toEqual([front.id, billing.id, ledger.id].sort());
    expect(tree.root.edges).toEqual([
      { from: front.id, to: billing.id, description: "invoices", type: "handoff" },
    ]);
    // A handoff target the chatting user may not view is dropped with its edge, and reported.
    await query(`INSERT INTO "AgentHandoff" ("fromId", "toId", description) VALUES ($1, $2, '')`, [
      front.id,
      privateDesk.id,
    ]);
    const withHidden = await loadAgentTree({ rootId: front.id, userId: ann });
    expect(withHidden.agents.has(privateDesk.id)).toBe(false);
    expect(withHidden.root.edges?.map((e) => e.to)).toEqual([billing.id]);
    expect(withHidden.hidden).toEqual([privateDesk.id]);
  });
});

describe("previewTree (the builder's live preview)", () => {
  let ann: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
  });

  it("expands an unsaved agent with saved children and shows the cycle back to it as skipped", async () => {
    const b = await createAgent({ userId: ann, input: draft("B") });
    const c = await createAgent({ userId: ann, input: draft("C") });
    const a = await createAgent({ userId: ann, input: withChildren("A", [b.id, c.id]) });
    await updateAgent({ id: c.id, userId: ann, input: withChildren("C", [a.id], { allowSelf: false }) });
    const form = withChildren("A", [b.id, c.id]);
    const result = await previewTree({
      userId: ann,
      agentId: a.id,
      data: {
        ...form,
        description: "",
        instructions: "",
        tools: [],
        subagents: { ...form.subagents, selfMode: "isolated" },
      } as never,
      limits: resolveLimits(),
    });
    expect(result.verdict).toBeUndefined();
    const lines = (nodes: typeof result.nodes): string[] =>
      nodes.flatMap((n) => [
        `${n.depth}:${n.kind}:${n.cycle ? n.cycle.join("→") : n.name}`,
        ...lines(n.children),
      ]);
    expect(lines(result.nodes)).toEqual(["1:self:A", "1:agent:B", "1:agent:C", "2:cycle:A→C→A"]);
    expect(result.count).toBe(3);
  });

  it("prices the tree's worst case with the installation's prices, and names a child without one", async () => {
    const b = await createAgent({ userId: ann, input: draft("B", { model: "unpriced-model" }) });
    const form = withChildren("A", [b.id], { allowSelf: false });
    const data = {
      ...form,
      description: "",
      instructions: "",
      tools: [],
      subagents: { ...form.subagents, selfMode: "isolated" },
    } as never;
    const row = (model: string) => ({
      endpointId: null,
      model,
      inputPerMTok: 1,
      cachedInputPerMTok: 1,
      outputPerMTok: 10,
      reasoningPerMTok: 10,
      effectiveFrom: new Date(0),
    });
    const limits = resolveLimits({ recursionLimit: 12 });
    const unknown = await previewTree({
      userId: ann,
      data,
      limits,
      pricing: { prices: [row("demo-*")], currency: "EUR" },
    });
    expect(unknown.worstCase).toMatchObject({ micros: null, unpriced: ["B"], currency: "EUR" });
    const priced = await previewTree({
      userId: ann,
      data,
      limits,
      pricing: { prices: [row("demo-*"), row("unpriced-*")], currency: "EUR" },
    });
    // Root 6 calls + child 4 calls, 4096 output tokens each (no cap set) at 10 per million.
    expect(priced.worstCase).toMatchObject({ micros: 10 * 4096 * 10, calls: 10, unpriced: [] });
  });
});
