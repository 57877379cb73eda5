import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAgent, updateAgent } from "@/lib/builder/agents";
import { listGallery } from "@/lib/db/agents-gallery";
import { resetDatabase } from "../helpers/reset-db";
import { draft, makeUser, rejection } from "./agents-helpers";

vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

// The gallery: agents of others shared with the user and public ones, by category and search,
// with their tree at a glance (children the user may not see only counted).
describe("agent gallery", () => {
  let ann: string;
  let bob: string;
  let cat: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
    cat = await makeUser("cat@example.com");
  });

  it("lists shared and public agents of others, filters and searches, and hides private children", async () => {
    const secret = await createAgent({ userId: ann, input: draft("Secret helper") });
    const open = await createAgent({ userId: ann, input: draft("Open helper", { visibility: "public" }) });
    await createAgent({
      userId: ann,
      input: draft("Travel planner", {
        visibility: "public",
        category: "productivity",
        description: "Plans trips",
        subagents: { enabled: true, allowSelf: false, children: [{ id: secret.id }, { id: open.id }] },
      }),
    });
    await createAgent({
      userId: ann,
      input: draft("Poet", { visibility: "shared", shareEmails: ["bob@example.com"], category: "writing" }),
    });
    await createAgent({ userId: ann, input: draft("Diary") });
    await createAgent({ userId: bob, input: draft("Bob's own", { visibility: "public" }) });

    const all = await listGallery({ userId: bob });
    expect(all.map((a) => a.name).sort()).toEqual(["Open helper", "Poet", "Travel planner"]);
    const planner = all.find((a) => a.name === "Travel planner");
    expect(planner).toMatchObject({
      category: "productivity",
      visibility: "public",
      ownerName: "ann",
      children: [{ id: open.id, name: "Open helper" }],
      hiddenChildren: 1,
    });
    expect(all.find((a) => a.name === "Poet")?.visibility).toBe("shared");

    expect((await listGallery({ userId: bob, category: "writing" })).map((a) => a.name)).toEqual(["Poet"]);
    expect((await listGallery({ userId: bob, search: "TRIPS" })).map((a) => a.name)).toEqual([
      "Travel planner",
    ]);
    // Not shared with Cat: only the public ones.
    expect((await listGallery({ userId: cat })).map((a) => a.name).sort()).toEqual([
      "Bob's own",
      "Open helper",
      "Travel planner",
    ]);
  });

  it("keeps a category through saves, and refuses an unknown one naming the field", async () => {
    const a = await createAgent({ userId: ann, input: draft("Coder", { category: "coding" }) });
    expect(a.draft.category).toBe("coding");
    const saved = await updateAgent({ id: a.id, userId: ann, input: draft("Coder 2", { category: "data" }) });
    expect(saved.draft.category).toBe("data");
    const refused = await rejection(
      createAgent({ userId: ann, input: draft("X", { category: "poems" as never }) }),
    );
    expect(refused.code).toBe("bad_request:agent");
    expect(Object.keys(refused.fields ?? {})).toEqual(["category"]);
  });
});
