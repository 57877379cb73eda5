// Shared setup of the agents-*.test.ts files (not a test file itself).
import { randomUUID } from "node:crypto";
import type { AgentDraftInput } from "@/lib/builder/schema";
import { query } from "../helpers/reset-db";

process.env.DEMO_ENDPOINT = "on";

export const DEMO = { provider: "builtin:demo", model: "demo-delegator" } as const;

/** Inserts a user directly (no password hashing: these tests never sign in). */
export async function makeUser(email: string): Promise<string> {
  const id = `u_${randomUUID().slice(0, 8)}`;
  await query(`INSERT INTO "User" ("id", "email", "name", "updatedAt") VALUES ($1, $2, $3, now())`, [
    id,
    email,
    email.split("@")[0],
  ]);
  return id;
}

/** A valid agent form with overrides. */
export function draft(name: string, overrides: Partial<AgentDraftInput> = {}): AgentDraftInput {
  return { name, ...DEMO, ...overrides };
}

export function withChildren(
  name: string,
  children: string[],
  opts: { allowSelf?: boolean; modes?: Record<string, "isolated" | "fork"> } = {},
): AgentDraftInput {
  return draft(name, {
    subagents: {
      enabled: true,
      allowSelf: opts.allowSelf ?? true,
      children: children.map((id) => ({ id, mode: opts.modes?.[id] ?? "isolated" })),
    },
  });
}

const TABLES = ["Agent", "AgentSubagent", "AgentShare", "AgentHandoff", "AgentVersion"] as const;

/** Row counts of every agent table plus each agent's version: equal before/after = nothing written. */
export async function agentTablesState() {
  const counts: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await query<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`);
    counts[t] = Number(row.n);
  }
  const versions = await query<{ id: string; version: number; name: string }>(
    `SELECT id, version, name FROM "Agent" ORDER BY id`,
  );
  return { counts, versions };
}

/** The typed error a promise rejects with. */
export async function rejection(
  p: Promise<unknown>,
): Promise<{ code: string; fields?: Record<string, string>; message: string }> {
  try {
    await p;
  } catch (err) {
    // As the form shows it (English): code, message and field messages written out.
    const { errorBody } = await import("@/lib/http/error-body");
    return { ...(await errorBody(err)), status: (err as { status?: number }).status } as {
      code: string;
      fields?: Record<string, string>;
      message: string;
    };
  }
  throw new Error("expected a rejection");
}
