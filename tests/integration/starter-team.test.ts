// The starter team a newcomer gets: created once per account, however many requests race for it.
import { beforeEach, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { grantStarterTeam } from "@/lib/builder/starter-team";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeUser } from "./agents-helpers";

async function agentNames(userId: string): Promise<string[]> {
  const rows = await query<{ name: string }>(`SELECT name FROM "Agent" WHERE "ownerId" = $1 ORDER BY name`, [
    userId,
  ]);
  return rows.map((r) => r.name);
}

describe("starter team", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("five concurrent grants create one team of three", async () => {
    const userId = await makeUser("nina@example.com");
    await Promise.all(Array.from({ length: 5 }, () => grantStarterTeam({ userId })));
    expect(await agentNames(userId)).toEqual(["Mathematician", "Researcher", "Team Lead"]);
  });

  it("registering an account gives it the team; it is never granted twice", async () => {
    const user = await registerUser({
      input: { name: "Omar", email: "omar@example.com", password: "correct-horse-42" },
    });
    expect(await agentNames(user.id)).toEqual(["Mathematician", "Researcher", "Team Lead"]);
    await query(`DELETE FROM "Agent" WHERE "ownerId" = $1`, [user.id]);
    await grantStarterTeam({ userId: user.id });
    expect(await agentNames(user.id)).toEqual([]);
  });

  it("a zh-CN registration gets the team in Chinese: names, descriptions and instructions", async () => {
    const user = await registerUser({
      input: { name: "李雷", email: "lilei@example.com", password: "correct-horse-42" },
      locale: "zh-CN",
    });
    const rows = await query<{ name: string; description: string; instructions: string }>(
      `SELECT name, description, instructions FROM "Agent" WHERE "ownerId" = $1`,
      [user.id],
    );
    expect(rows.map((r) => r.name).sort()).toEqual(["数学家", "研究员", "组长"].sort());
    const lead = rows.find((r) => r.name === "组长");
    expect(lead?.description).toBe("把请求拆成几个部分，并行委派给各个专家。");
    for (const r of rows) {
      expect(r.description).toMatch(/\p{Script=Han}/u);
      expect(r.instructions).toMatch(/\p{Script=Han}/u);
      expect(`${r.description}${r.instructions}`).not.toMatch(/[A-Za-z]{4,}/);
    }
  });
});
