import { beforeEach, describe, expect, it, vi } from "vitest";
import { serverIntl } from "../helpers/intl-server";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeUser } from "./quota-fixtures";

// The test decides who is signed in.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Server actions translate their notices: the English catalog unless a test picks zh-CN.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const actions = await import("@/app/(app)/admin/quota-actions");
const api = await import("@/app/api/admin/settings/route");
const { getLimitsForUser } = await import("@/lib/quota");
const { listUsersWithQuota } = await import("@/lib/db/quota-usage");

/** The per-field messages of a refused form (none when it was saved). */
const fieldsOf = (res: { ok: boolean; error?: { fields?: Record<string, string> } }) => res.error?.fields;

function isNotFound(err: unknown): boolean {
  return String((err as { digest?: string }).digest ?? "").includes("404");
}
function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}
const put = (body: unknown) =>
  api.PUT(
    new Request("http://x/api/admin/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

async function auditRows() {
  return query<{
    actorEmail: string;
    kind: string;
    key: string;
    oldValue: string | null;
    newValue: string | null;
    targetEmail: string | null;
  }>(
    `SELECT "actorEmail", kind, key, "oldValue", "newValue", "targetEmail" FROM "AdminAudit" ORDER BY "createdAt", key`,
  );
}

describe("admin quota settings", () => {
  let admin: { id: string; email: string };
  let user: { id: string; email: string };
  beforeEach(async () => {
    await resetDatabase();
    serverIntl.locale = "en";
    admin = await makeUser("admin@example.com", "ADMIN");
    user = await makeUser("user@example.com");
  });

  it("a normal user or an anonymous caller gets 404 from every action and changes nothing", async () => {
    for (const who of [user.id, null]) {
      session.userId = who;
      const calls = [
        actions.saveSettingsAction(form({ group: "delegation", maxSubagentDepth: "2" })),
        actions.saveOverrideAction(form({ userId: user.id, maxConcurrentRuns: "9" })),
        actions.adjustBalanceAction(form({ userId: user.id, mode: "set", amount: "999999" })),
      ];
      // Settled together: awaiting one by one would leave the others' rejections unhandled meanwhile.
      for (const outcome of await Promise.all(calls.map((call) => call.catch((e: unknown) => e)))) {
        expect(isNotFound(outcome)).toBe(true);
      }
    }
    expect(await query(`SELECT * FROM "QuotaSettings"`)).toEqual([]);
    expect(await query(`SELECT * FROM "QuotaOverride"`)).toEqual([]);
    expect(await query(`SELECT * FROM "TokenBalance"`)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("a normal user gets 404 from GET and PUT /api/admin/settings", async () => {
    session.userId = user.id;
    const get = await api.GET(new Request("http://x/api/admin/settings"));
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ code: "not_found" });
    const res = await put({ maxSubagentDepth: 1 });
    expect(res.status).toBe(404);
    expect((await getLimitsForUser({ userId: user.id })).maxSubagentDepth).toBe(5);
  });

  it("an admin saves a group; the next run's limits change and the audit log has old → new", async () => {
    session.userId = admin.id;
    const res = await actions.saveSettingsAction(
      form({
        group: "delegation",
        maxSubagentDepth: "2",
        maxSubagentRunConfigs: "100",
        maxSubagentsPerAgent: "10",
        recursionLimit: "60",
        maxParallelSubagents: "4",
      }),
    );
    expect(res).toMatchObject({ ok: true, message: "Saved: Max subagent depth, Recursion limit." });
    expect(await getLimitsForUser({ userId: user.id })).toMatchObject({
      maxSubagentDepth: 2,
      recursionLimit: 60,
    });
    expect(await auditRows()).toEqual([
      {
        actorEmail: admin.email,
        kind: "global",
        key: "maxSubagentDepth",
        oldValue: "5",
        newValue: "2",
        targetEmail: null,
      },
      {
        actorEmail: admin.email,
        kind: "global",
        key: "recursionLimit",
        oldValue: "50",
        newValue: "60",
        targetEmail: null,
      },
    ]);
  });

  it("bad input saves nothing and says which field is wrong", async () => {
    session.userId = admin.id;
    const res = await actions.saveSettingsAction(
      form({
        group: "delegation",
        maxSubagentDepth: "11",
        maxSubagentRunConfigs: "",
        maxSubagentsPerAgent: "3.5",
        recursionLimit: "9",
        maxParallelSubagents: "4",
      }),
    );
    expect(res.ok).toBe(false);
    expect(fieldsOf(res)).toEqual({
      maxSubagentDepth: "Use a number from 1 to 10.",
      maxSubagentRunConfigs: "Enter a number.",
      maxSubagentsPerAgent: "Use a whole number.",
      recursionLimit: "Use a number from 10 to 200.",
    });
    expect(await query(`SELECT * FROM "QuotaSettings"`)).toEqual([]);
    const rate = await actions.saveSettingsAction(
      form({ group: "rates", messagesPerWindow: "5", windowSeconds: "0", maxConcurrentRuns: "2" }),
    );
    expect(fieldsOf(rate)).toEqual({ windowSeconds: "Use a number from 1 to 86,400." });
    expect(await auditRows()).toEqual([]);
  });

  it("the JSON API reads and writes settings, all-or-nothing", async () => {
    session.userId = admin.id;
    const bad = await put({ maxConcurrentRuns: 3, recursionLimit: 5000 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "bad_request:settings",
      fields: { recursionLimit: expect.any(String) },
    });
    expect((await put({ nope: 1 })).status).toBe(400);
    const ok = await put({ maxConcurrentRuns: 3, balanceEnabled: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ changed: ["maxConcurrentRuns", "balanceEnabled"] });
    const got = await (await api.GET(new Request("http://x/api/admin/settings"))).json();
    expect(got.settings).toMatchObject({ maxConcurrentRuns: 3, balanceEnabled: true, maxSubagentDepth: 5 });
    expect((await auditRows()).map((r) => `${r.key}:${r.oldValue}→${r.newValue}`)).toEqual([
      "balanceEnabled:false→true",
      "maxConcurrentRuns:2→3",
    ]);
  });

  it("overrides: set, merged into the user's limits only, cleared with an empty field; audited", async () => {
    session.userId = admin.id;
    const set = await actions.saveOverrideAction(
      form({ userId: user.id, maxSubagentDepth: "8", maxConcurrentRuns: "4", balanceEnabled: "true" }),
    );
    expect(set).toMatchObject({ ok: true });
    expect(await getLimitsForUser({ userId: user.id })).toMatchObject({
      maxSubagentDepth: 8,
      maxConcurrentRuns: 4,
      balanceEnabled: true,
    });
    expect(await getLimitsForUser({ userId: admin.id })).toMatchObject({
      maxSubagentDepth: 5,
      maxConcurrentRuns: 2,
      balanceEnabled: false,
    });
    const bad = await actions.saveOverrideAction(form({ userId: user.id, maxSubagentDepth: "0" }));
    expect(fieldsOf(bad)).toEqual({ maxSubagentDepth: "Use a number from 1 to 10." });
    const cleared = await actions.saveOverrideAction(
      form({ userId: user.id, maxSubagentDepth: "", maxConcurrentRuns: "4" }),
    );
    expect(cleared).toMatchObject({ ok: true });
    expect(await getLimitsForUser({ userId: user.id })).toMatchObject({
      maxSubagentDepth: 5,
      maxConcurrentRuns: 4,
      balanceEnabled: false,
    });
    const log = (await auditRows()).map(
      (r) => `${r.kind}:${r.targetEmail}:${r.key}:${r.oldValue}→${r.newValue}`,
    );
    expect(log.sort()).toEqual(
      [
        "override:user@example.com:balanceEnabled:null→true",
        "override:user@example.com:balanceEnabled:true→null",
        "override:user@example.com:maxConcurrentRuns:null→4",
        "override:user@example.com:maxSubagentDepth:null→8",
        "override:user@example.com:maxSubagentDepth:8→null",
      ].sort(),
    );
  });

  it("grant and set a balance by hand, with validation", async () => {
    session.userId = admin.id;
    expect(
      fieldsOf(await actions.adjustBalanceAction(form({ userId: user.id, mode: "grant", amount: "abc" }))),
    ).toEqual({
      amount: "Enter a number of tokens.",
    });
    expect(
      fieldsOf(await actions.adjustBalanceAction(form({ userId: user.id, mode: "set", amount: "-5" }))),
    ).toEqual({
      amount: "A balance can't be set below 0.",
    });
    expect(await query(`SELECT * FROM "TokenBalance"`)).toEqual([]);
    expect(
      await actions.adjustBalanceAction(form({ userId: user.id, mode: "set", amount: "250" })),
    ).toMatchObject({ ok: true });
    expect(
      await actions.adjustBalanceAction(form({ userId: user.id, mode: "grant", amount: "50" })),
    ).toMatchObject({
      ok: true,
      message: "user@example.com: balance 250 → 300 tokens.",
    });
    // An admin whose language is Chinese reads the notices in Chinese, numbers grouped as in zh-CN.
    serverIntl.locale = "zh-CN";
    expect(
      await actions.adjustBalanceAction(form({ userId: user.id, mode: "grant", amount: "1000000" })),
    ).toMatchObject({ ok: true, message: "user@example.com：余额 300 → 1,000,300 token。" });
    expect(
      await actions.saveSettingsAction(
        form({
          group: "delegation",
          maxSubagentDepth: "3",
          maxSubagentRunConfigs: "100",
          maxSubagentsPerAgent: "10",
          recursionLimit: "70",
          maxParallelSubagents: "4",
        }),
      ),
    ).toMatchObject({ ok: true, message: "已保存：子智能体最大深度、递归上限。" });
    const [row] = await listUsersWithQuota().then((r) => r.filter((u) => u.id === user.id));
    expect(row.balance).toBe(1_000_300);
  });
});
