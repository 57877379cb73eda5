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
});
