// Subagent entry budgets and the self-spawn entry's own model, as the builder saves them and as the
// engine gets them (lib/db/agents-tree.ts), with bad input refused and nothing written.
import { beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "@/lib/builder/agents";
import { loadAgentTree } from "@/lib/db/agents-tree";
import { resetDatabase } from "../helpers/reset-db";
import { agentTablesState, DEMO, draft, makeUser, rejection } from "./agents-helpers";

describe("subagent entry budgets in the builder", () => {
  let ann: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
  });

  it("are stored per entry and reach the engine's definition; a self-spawn entry keeps its own model", async () => {
    const child = await createAgent({ userId: ann, input: draft("Child") });
    const other = await createAgent({ userId: ann, input: draft("Other") });
    const root = await createAgent({
      userId: ann,
      input: draft("Root", {
        subagents: {
          enabled: true,
          allowSelf: true,
          selfBudget: 0.05,
          selfModel: { provider: DEMO.provider, model: "demo-echo" },
          children: [
            { id: child.id, mode: "isolated", budget: 0.25 },
            { id: other.id, mode: "fork" },
          ],
        },
      }),
    });
    expect(root.draft.subagents).toMatchObject({
      selfBudget: 0.05,
      selfModel: { provider: DEMO.provider, model: "demo-echo" },
      children: [{ id: child.id, budget: 0.25 }, { id: other.id }],
    });
    expect(root.draft.subagents.children[1]).not.toHaveProperty("budget");
    const tree = await loadAgentTree({ rootId: root.id, userId: ann });
    expect(tree.agents.get(root.id)?.subagents).toMatchObject({
      budgets: { self: 0.05, [child.id]: 0.25 },
      selfModel: { provider: DEMO.provider, model: "demo-echo" },
    });
  });

  it("refuses a budget of 0, below 0 or with more than 6 decimals, and nothing is written", async () => {
    const child = await createAgent({ userId: ann, input: draft("Child") });
    const before = await agentTablesState();
    for (const budget of [0, -1, 0.1234567]) {
      const err = await rejection(
        createAgent({
          userId: ann,
          input: draft("Root", {
            subagents: { enabled: true, allowSelf: false, children: [{ id: child.id, budget }] },
          }),
        }),
      );
      expect(err.code).toMatch(/^bad_request/);
      expect(Object.keys(err.fields ?? {})).toContain("subagents.children");
    }
    const err = await rejection(
      createAgent({
        userId: ann,
        input: draft("Root", {
          subagents: { enabled: true, allowSelf: true, selfModel: { provider: "nope", model: "x" } },
        }),
      }),
    );
    expect(err.fields).toHaveProperty(["subagents.selfModel"]);
    expect(await agentTablesState()).toEqual(before);
  });
});
