// The bundled notes server, served by the app's own route handler over streamable HTTP (hosted
// here on a local port exactly as Next.js would call it), reached through the app's MCP client.
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE, GET, POST } from "@/app/api/mcp/notes/route";
import { NOTES_SERVER_ID, refreshMcpServer } from "@/lib/mcp";
import { signUser, USER_META_KEY } from "@/lib/mcp/identity";
import { makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";
import { exec, quietPool, toolOf } from "./mcp-helpers";

type Server = ReturnType<typeof createAdaptorServer>;

describe("the bundled notes MCP server", () => {
  let server: Server;
  let url: string;
  let alice: { id: string };
  let bob: { id: string };
  let pool: ReturnType<typeof quietPool>;

  beforeAll(async () => {
    const handler = (req: Request) => ({ POST, GET, DELETE })[req.method as "POST" | "GET" | "DELETE"](req);
    server = createAdaptorServer({ fetch: handler });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp/notes`;
    process.env.MCP_NOTES_URL = url;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    await resetDatabase();
    alice = await makeUser("Alice");
    bob = await makeUser("Bob");
    pool = quietPool();
  });
  afterEach(async () => {
    await pool.closeAll();
  });

  const notesTool = (userId: string, name: string) => toolOf(userId, pool, `notes__${name}`);
  const idIn = (text: string) => /Saved note (\S+):/.exec(text)?.[1] as string;

  it("saves, lists, reads and deletes a user's notes, stored in PostgreSQL", async () => {
    const saved = await exec(await notesTool(alice.id, "save_note"), {
      title: "Groceries",
      content: "eggs, milk",
    });
    const id = idIn(saved);
    expect(id).toBeTruthy();
    expect(await query(`SELECT "userId", title, content FROM "McpNote"`)).toEqual([
      { userId: alice.id, title: "Groceries", content: "eggs, milk" },
    ]);
    expect(await exec(await notesTool(alice.id, "list_notes"), {})).toContain(`${id} · Groceries`);
    expect(await exec(await notesTool(alice.id, "list_notes"), { query: "MILK" })).toContain("Groceries");
    expect(await exec(await notesTool(alice.id, "read_note"), { id })).toBe("# Groceries\n\neggs, milk");
    expect(await exec(await notesTool(alice.id, "delete_note"), { id })).toBe(`Deleted note ${id}.`);
    expect(await exec(await notesTool(alice.id, "list_notes"), {})).toBe("No notes yet.");
  });

  it("user B can neither list, read nor delete user A's notes through the app", async () => {
    const id = idIn(
      await exec(await notesTool(alice.id, "save_note"), { title: "Diary", content: "secret plans" }),
    );
    expect(await exec(await notesTool(bob.id, "list_notes"), {})).toBe("No notes yet.");
    const read = await exec(await notesTool(bob.id, "read_note"), { id }).catch((e) => e);
    expect(read.message).toContain(`There is no note with id ${id}.`);
    const del = await exec(await notesTool(bob.id, "delete_note"), { id }).catch((e) => e);
    expect(del.failure).toBe("tool");
    expect(await query(`SELECT id FROM "McpNote"`)).toEqual([{ id }]);
  });

  it("refuses crafted calls: no identity, a forged or stale signature, or another server's signature", async () => {
    const id = idIn(
      await exec(await notesTool(alice.id, "save_note"), { title: "Diary", content: "secret plans" }),
    );
    const client = new Client({ name: "intruder", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const read = (meta?: Record<string, unknown>) =>
        client.callTool({ name: "read_note", arguments: { id }, ...(meta ? { _meta: meta } : {}) });
      const good = signUser({ userId: bob.id, audience: NOTES_SERVER_ID });
      const attempts = [
        undefined,
        { [USER_META_KEY]: { ...good, id: alice.id } },
        {
          [USER_META_KEY]: signUser({
            userId: alice.id,
            audience: NOTES_SERVER_ID,
            now: Date.now() - 3_600_000,
          }),
        },
        { [USER_META_KEY]: signUser({ userId: alice.id, audience: "builtin:other" }) },
        {
          [USER_META_KEY]: signUser({
            userId: alice.id,
            audience: NOTES_SERVER_ID,
            env: { AUTH_SECRET: "x".repeat(32) },
          }),
        },
      ];
      for (const meta of attempts) {
        const result = await read(meta);
        expect(result.isError).toBe(true);
        expect(JSON.stringify(result.content)).not.toContain("secret plans");
      }
      // Bob's own valid signature still only reaches Bob's notes.
      const asBob = await read({ [USER_META_KEY]: good });
      expect(asBob.isError).toBe(true);
      expect(JSON.stringify(asBob.content)).toContain("There is no note");
      const asAlice = await read({
        [USER_META_KEY]: signUser({ userId: alice.id, audience: NOTES_SERVER_ID }),
      });
      expect(JSON.stringify(asAlice.content)).toContain("secret plans");
    } finally {
      await client.close();
    }
  });

  it("lists its tools with delete_note annotated destructive, and answers only POST", async () => {
    const summary = await refreshMcpServer({ id: NOTES_SERVER_ID, pool });
    expect(summary.status).toBe("connected");
    const tools = Object.fromEntries(summary.tools.map((t) => [t.name, t]));
    expect(Object.keys(tools).sort()).toEqual(["delete_note", "list_notes", "read_note", "save_note"]);
    expect(tools.delete_note.annotations?.destructiveHint).toBe(true);
    expect(tools.delete_note.askByDefault).toBe(true);
    expect(tools.read_note.annotations?.readOnlyHint).toBe(true);
    expect((await fetch(url)).status).toBe(405);
  });

  it("rejects invalid arguments with a message for the model, storing nothing", async () => {
    const err = await exec(await notesTool(alice.id, "save_note"), { title: "" }).catch((e) => e);
    expect(err.message).toMatch(/save_note/);
    expect(await query(`SELECT id FROM "McpNote"`)).toEqual([]);
  });
});
