// Admin → Tools: the server actions, called directly as the browser would.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { getMcpPool, getMcpServerForAdmin, listMcpToolsForUser, NOTES_SERVER_ID } from "@/lib/mcp";
import { serverIntl } from "../helpers/intl-server";
import { type HttpTestServer, startHttpTestServer } from "../helpers/mcp-http-server";
import { query, resetDatabase } from "../helpers/reset-db";
import { HEADER_SECRET } from "./mcp-helpers";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Server actions translate their notices: the English catalog unless a test picks zh-CN.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { saveMcpServerAction, refreshMcpServerAction, deleteMcpServerAction } = await import(
  "@/app/(app)/admin/tools/actions"
);

const isNotFound = (err: unknown) => String((err as { digest?: string }).digest ?? "").includes("404");

function form(url: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Team tools",
    transport: "http",
    url,
    headers: [{ name: "Authorization", value: HEADER_SECRET }],
    command: "",
    args: "",
    env: [],
    enabled: true,
    access: "everyone",
    allowedEmails: "",
    ...extra,
  };
}

describe("Admin → Tools actions", () => {
  let http: HttpTestServer;
  let adminId: string;
  let userId: string;
  beforeAll(async () => {
    http = await startHttpTestServer();
  });
  afterAll(async () => {
    await getMcpPool().closeAll();
    await http.stop();
  });
  beforeEach(async () => {
    await resetDatabase();
    serverIntl.locale = "en";
    delete process.env.MCP_ALLOW_STDIO;
    const reg = (name: string) =>
      registerUser({
        input: { name, email: `${name.toLowerCase()}@example.com`, password: "correct-horse-42" },
      });
    adminId = (await reg("Admin")).id;
    userId = (await reg("User")).id;
    session.userId = adminId;
  });

  it("answer a normal user and an anonymous caller with 404 and change nothing", async () => {
    const saved = await saveMcpServerAction(form(http.url));
    if (!saved.ok) throw new Error(saved.error.message);
    const before = await query(`SELECT * FROM "McpServer" ORDER BY name`);
    for (const who of [userId, null]) {
      session.userId = who;
      for (const call of [
        () => saveMcpServerAction(form("http://evil.test/mcp", { name: "Sneaky" })),
        () => saveMcpServerAction(form("http://evil.test/mcp", { id: saved.data.id })),
        () => refreshMcpServerAction({ id: saved.data.id }),
        () => deleteMcpServerAction({ id: saved.data.id }),
      ]) {
        expect(isNotFound(await call().catch((e) => e))).toBe(true);
      }
    }
    expect(await query(`SELECT * FROM "McpServer" ORDER BY name`)).toEqual(before);
  });

  it("adds, refreshes (listing the tools), keeps a header value left empty, and deletes", async () => {
    const saved = await saveMcpServerAction(form(http.url));
    if (!saved.ok) throw new Error(saved.error.message);
    expect(JSON.stringify(saved)).not.toContain("tok-live");
    const refreshed = await refreshMcpServerAction({ id: saved.data.id });
    expect(refreshed).toMatchObject({ ok: true, data: { status: "connected" } });
    const count = refreshed.ok ? refreshed.data.tools : 0;
    expect(refreshed).toMatchObject({ message: expect.stringMatching(new RegExp(`: ${count} tools?\\.$`)) });
    serverIntl.locale = "zh-CN";
    expect(await refreshMcpServerAction({ id: saved.data.id })).toMatchObject({
      message: expect.stringMatching(new RegExp(`：${count} 个工具。$`)),
    });
    serverIntl.locale = "en";
    const summary = await getMcpServerForAdmin({ id: saved.data.id });
    expect(summary.tools.map((t) => t.name)).toContain("echo");
    expect(summary.headerNames).toEqual(["Authorization"]);
    expect(JSON.stringify(summary)).not.toContain("tok-live");

    // Edited with the header's value left empty: the stored value is kept and still sent.
    const edited = await saveMcpServerAction(
      form(http.url, { id: saved.data.id, name: "Renamed", headers: [{ name: "Authorization", value: "" }] }),
    );
    expect(edited.ok).toBe(true);
    http.authorizations.length = 0;
    expect((await refreshMcpServerAction({ id: saved.data.id })).ok).toBe(true);
    expect(http.authorizations).toContain(HEADER_SECRET);

    expect((await deleteMcpServerAction({ id: saved.data.id })).ok).toBe(true);
    expect(await query(`SELECT id FROM "McpServer" WHERE id = $1`, [saved.data.id])).toEqual([]);
  });

  it("reports a server that is down as an error with its message, and bad input per field", async () => {
    const saved = await saveMcpServerAction(form("http://127.0.0.1:9/mcp", { name: "Down", headers: [] }));
    if (!saved.ok) throw new Error(saved.error.message);
    // The outcome is stored and the page's one status says it: no second sentence from the button.
    const r = await refreshMcpServerAction({ id: saved.data.id });
    expect(r).toEqual({ ok: true, data: { status: "error", tools: 0 } });
    const s = await getMcpServerForAdmin({ id: saved.data.id });
    expect(s.status).toBe("error");
    expect(s).not.toHaveProperty("connection");
    // Stored, it says nothing that holds only for now (the back-off's "tried again in 1 s").
    expect(s.lastError).toMatch(/^MCP server "Down" is unavailable: .+\.$/);
    expect(s.lastError).not.toMatch(/tried again/);
    expect(s.lastError).toBeTruthy();
    expect(s.lastRefreshedAt).toBeInstanceOf(Date);

    const bad = await saveMcpServerAction(form("ftp://x", { name: "" }));
    expect(bad).toMatchObject({ ok: false, error: { fields: { url: expect.any(String) } } });
    const noEmails = await saveMcpServerAction(form(http.url, { name: "X", access: "selected" }));
    expect(noEmails).toMatchObject({ ok: false, error: { fields: { allowedEmails: expect.any(String) } } });
    const stranger = await saveMcpServerAction(
      form(http.url, { name: "X", access: "selected", allowedEmails: "nobody@example.com" }),
    );
    expect(stranger).toMatchObject({ ok: false, error: { fields: { allowedEmails: /nobody@example.com/ } } });
    // stdio runs a program: refused unless the operator allows it.
    const stdio = await saveMcpServerAction(
      form("", { name: "Local", transport: "stdio", command: process.execPath, args: "-v" }),
    );
    expect(stdio).toMatchObject({ ok: false, error: { code: "forbidden:mcp_stdio" } });
    expect(await query(`SELECT name FROM "McpServer" ORDER BY name`)).toEqual([{ name: "Down" }]);
  });

  it("restricts the built-in notes server to listed users (access only: its URL can't change)", async () => {
    const r = await saveMcpServerAction(
      form("http://evil.test/mcp", {
        id: NOTES_SERVER_ID,
        name: "Hijacked",
        access: "selected",
        allowedEmails: "admin@example.com",
      }),
    );
    expect(r.ok).toBe(true);
    const s = await getMcpServerForAdmin({ id: NOTES_SERVER_ID });
    expect(s).toMatchObject({
      name: "Notes (built-in)",
      restricted: true,
      allowedEmails: ["admin@example.com"],
    });
    expect(s.url).not.toContain("evil.test");
    expect((await listMcpToolsForUser({ userId })).map((g) => g.server.id)).not.toContain(NOTES_SERVER_ID);
    expect((await listMcpToolsForUser({ userId: adminId })).map((g) => g.server.id)).toContain(
      NOTES_SERVER_ID,
    );
    expect((await deleteMcpServerAction({ id: NOTES_SERVER_ID })).ok).toBe(false);
  });
});
