// Usage and cost over a period: the SQL breakdowns, the CSV export (its figures are the database's),
// who sees what (a user only their own calls, in the page and in the CSV; the admin views and the
// admin CSV refused to everyone else), and Admin → Pricing's actions.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { intlWrapper } from "../helpers/intl";
import { serverIntl } from "../helpers/intl-server";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeConversation, makeUser } from "./quota-fixtures";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { admitRun } = await import("@/lib/quota");
const { periodStart, usageReport } = await import("@/lib/db/usage");
const { usagePageData } = await import("@/lib/usage");
const adminCsv = await import("@/app/api/admin/usage/export/route");
const myCsv = await import("@/app/api/usage/export/route");
const { default: AdminUsagePage } = await import("@/app/(app)/admin/usage/page");
const { default: MyUsagePage } = await import("@/app/(app)/settings/usage/page");
const { default: PricingPage } = await import("@/app/(app)/admin/pricing/page");
const pricing = await import("@/app/(app)/admin/pricing/actions");

const isNotFound = (err: unknown) => String((err as { digest?: string }).digest ?? "").includes("404");

type Rec = {
  user: { id: string };
  agent: string;
  model: string | null;
  endpoint: string | null;
  depth?: number;
  input: number;
  cached?: number;
  output: number;
  reasoning?: number;
  cost: number | null;
  ago: string;
};

let seq = 0;
const runs = new Map<string, string>();
async function record(r: Rec) {
  let runId = runs.get(r.user.id);
  if (!runId) {
    const conv = await makeConversation(r.user.id);
    runId = (await admitRun({ userId: r.user.id, conversationId: conv, assistantMessageId: `m${++seq}` }))
      .runId;
    runs.set(r.user.id, runId);
  }
  await query(
    `INSERT INTO "UsageRecord" (id, "runId", "userId", "agentId", depth, "inputTokens", "cachedInputTokens",
       "outputTokens", "reasoningTokens", model, "endpointId", cost, "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, (now() AT TIME ZONE 'UTC') - $13::interval)`,
    [
      `rec${++seq}`,
      runId,
      r.user.id,
      r.agent,
      r.depth ?? 0,
      r.input,
      r.cached ?? 0,
      r.output,
      r.reasoning ?? 0,
      r.model,
      r.endpoint,
      r.cost,
      r.ago,
    ],
  );
}

/** A CSV body as objects (the export quotes only what needs it; these fixtures need no quoting). */
function parseCsv(text: string): Array<Record<string, string>> {
  const [head, ...lines] = text.trimEnd().split("\r\n");
  const cols = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
}

const get = (mod: { GET: (req: Request) => Promise<Response> }, search = "") =>
  mod.GET(new Request(`http://x/api/usage/export${search}`));

/** The server page rendered as Next.js would: awaited, then its client parts in the messages provider. */
async function render(page: Promise<unknown>) {
  return renderToStaticMarkup((await intlWrapper())((await page) as ReactElement));
}

describe("usage and cost", () => {
  let admin: { id: string; email: string };
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  beforeEach(async () => {
    await resetDatabase();
    runs.clear();
    serverIntl.locale = "en";
    admin = await makeUser("admin@example.com", "ADMIN");
    alice = await makeUser("alice@example.com");
    bob = await makeUser("bob@example.com");
    await query(
      `INSERT INTO "Agent" (id, "ownerId", name, provider, model, "updatedAt") VALUES
        ('lead', $1, 'Lead', 'demo', 'demo', now()), ('bobs', $2, 'Bobs Agent', 'demo', 'demo', now())`,
      [alice.id, bob.id],
    );
    const rows: Rec[] = [
      {
        user: alice,
        agent: "lead",
        model: "gpt-4o",
        endpoint: "ep1",
        input: 1000,
        cached: 400,
        output: 300,
        reasoning: 100,
        cost: 0.0125,
        ago: "0 days",
      },
      {
        user: alice,
        agent: "child",
        model: "gpt-4o",
        endpoint: "ep1",
        depth: 1,
        input: 500,
        output: 50,
        cost: 0.00175,
        ago: "0 days",
      },
      {
        user: alice,
        agent: "lead",
        model: "llama-local",
        endpoint: "ep2",
        input: 200,
        output: 20,
        cost: null,
        ago: "1 day",
      },
      {
        user: alice,
        agent: "lead",
        model: "gpt-4o",
        endpoint: "ep1",
        input: 9999,
        output: 9999,
        cost: 9.99,
        ago: "40 days",
      },
      {
        user: bob,
        agent: "bobs",
        model: "claude-sonnet-4",
        endpoint: "ep3",
        input: 700,
        output: 70,
        cost: 0.3,
        ago: "2 days",
      },
      {
        user: bob,
        agent: "bobs",
        model: "claude-sonnet-4",
        endpoint: "ep3",
        input: 100,
        output: 10,
        cost: 0.1,
        ago: "2 days",
      },
    ];
    for (const r of rows) await record(r);
  });

  it("sums by day, user, agent and model in SQL; unpriced calls counted, never costed as 0", async () => {
    const from = await periodStart(30);
    const r = await usageReport({ from }, 30);
    expect(r.totals).toMatchObject({
      calls: 5,
      inputTokens: 2500,
      cachedInputTokens: 400,
      outputTokens: 450,
    });
    expect(r.totals.cost).toBeCloseTo(0.0125 + 0.00175 + 0.3 + 0.1, 12);
    expect(r.totals.unpricedCalls).toBe(1);
    expect(r.byUser.map((u) => [u.email, u.calls, u.total, u.unpricedCalls])).toEqual([
      ["alice@example.com", 3, 2070, 1],
      ["bob@example.com", 2, 880, 0],
    ]);
    expect(r.byAgent.map((a) => [a.agentId, a.name, a.total, a.subagent])).toEqual([
      ["lead", "Lead", 1520, 0],
      ["bobs", "Bobs Agent", 880, 0],
      ["child", null, 550, 550],
    ]);
    const llama = r.byModel.find((m) => m.model === "llama-local");
    expect(llama).toMatchObject({ calls: 1, cost: 0, unpricedCalls: 1 });
    expect(r.byModel.find((m) => m.model === "gpt-4o")).toMatchObject({ calls: 2, reasoningTokens: 100 });
    expect(r.byDay).toHaveLength(30);
    expect(r.byDay.reduce((s, d) => s + d.total, 0)).toBe(r.totals.total);
    expect(r.byDay.at(-1)).toMatchObject({ calls: 2, total: 1850, subagent: 550 });
    // A shorter period leaves the older calls out.
    const week = await usageReport({ from: await periodStart(7) }, 7);
    expect(week.byDay).toHaveLength(7);
    expect(week.totals.calls).toBe(5);
  });

  it("exports CSV lines whose figures are exactly the database's, for the admin every user's", async () => {
    session.userId = admin.id;
    const res = await get(adminCsv, "?days=30");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const lines = parseCsv(await res.text());
    const db = await query<Record<string, string | null>>(
      `SELECT to_char(date_trunc('day', u."createdAt"), 'YYYY-MM-DD') AS day, usr.email, u."agentId", u.model,
         u."endpointId", COUNT(*)::text AS calls, SUM(u."inputTokens")::text AS input,
         SUM(u."cachedInputTokens")::text AS cached, SUM(u."outputTokens")::text AS output,
         SUM(u."reasoningTokens")::text AS reasoning, SUM(u.cost)::text AS cost,
         COUNT(*) FILTER (WHERE u.cost IS NULL)::text AS unpriced
       FROM "UsageRecord" u JOIN "User" usr ON usr.id = u."userId"
       WHERE u."createdAt" >= date_trunc('day', now() AT TIME ZONE 'UTC') - interval '29 days'
       GROUP BY 1, usr.email, u."agentId", u.model, u."endpointId"
       ORDER BY 1, usr.email, u."agentId", u."endpointId", u.model`,
    );
    expect(
      lines.map((l) => [
        l.day,
        l.user_email,
        l.agent_id,
        l.model,
        l.endpoint_id,
        l.calls,
        l.input_tokens,
        l.cached_input_tokens,
        l.output_tokens,
        l.reasoning_tokens,
        l.cost,
        l.unpriced_calls,
      ]),
    ).toEqual(
      db.map((d) => [
        d.day,
        d.email,
        d.agentId,
        d.model,
        d.endpointId,
        d.calls,
        d.input,
        d.cached,
        d.output,
        d.reasoning,
        d.cost ?? "",
        d.unpriced,
      ]),
    );
    expect(lines.every((l) => l.currency === "USD")).toBe(true);
    // The unpriced call's cost is empty (unknown), not 0.
    expect(lines.find((l) => l.model === "llama-local")).toMatchObject({ cost: "", unpriced_calls: "1" });
    expect(new Set(lines.map((l) => l.user_email))).toEqual(new Set([alice.email, bob.email]));
    // Reading the CSV wrote nothing.
    const [{ n }] = await query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM "UsageRecord"`);
    expect(n).toBe(6);
  });

  it("shows a user only their own usage: page data, rendered page and CSV", async () => {
    const own = await usagePageData({ userId: alice.id }, 30);
    expect(own.report.byUser).toEqual([]);
    expect(own.report.totals.calls).toBe(3);
    expect(own.report.byAgent.map((a) => a.agentId).sort()).toEqual(["child", "lead"]);

    session.userId = alice.id;
    const html = await render(MyUsagePage({ searchParams: Promise.resolve({ days: "30" }) }));
    expect(html).toContain("Lead");
    expect(html).toContain("unknown (1 call without a price)");
    expect(html).not.toContain("Bobs Agent");
    expect(html).not.toContain(bob.email);
    expect(html).not.toContain("claude-sonnet-4");

    const lines = parseCsv(await (await get(myCsv, "?days=90")).text());
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.user_email))).toEqual(new Set([alice.email]));
    expect(lines.some((l) => l.agent_id === "bobs")).toBe(false);
    // 90 days include the 40-day-old call.
    expect(lines.reduce((s, l) => s + Number(l.input_tokens), 0)).toBe(1000 + 500 + 200 + 9999);

    // An admin's own Settings → Usage is theirs alone too.
    session.userId = admin.id;
    expect(parseCsv(await (await get(myCsv)).text())).toEqual([]);
  });

  it("refuses the admin views and CSV to everyone else, and bad periods with 400", async () => {
    session.userId = alice.id;
    expect((await get(adminCsv)).status).toBe(404);
    for (const page of [() => AdminUsagePage({ searchParams: Promise.resolve({}) }), () => PricingPage()]) {
      expect(isNotFound(await page().catch((e) => e))).toBe(true);
    }
    session.userId = null;
    expect((await get(myCsv)).status).toBe(401);
    expect((await get(adminCsv)).status).toBe(404);
    session.userId = alice.id;
    const bad = await get(myCsv, "?days=365");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "bad_request:usage_period" });

    session.userId = admin.id;
    const html = await render(AdminUsagePage({ searchParams: Promise.resolve({ days: "7" }) }));
    expect(html).toContain(bob.email);
    expect(html).toContain(alice.email);
  });
});

describe("Admin → Pricing actions", () => {
  let admin: { id: string; email: string };
  let user: { id: string };
  const form = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.set(k, v);
    return f;
  };
  const prices = () =>
    query<{
      model: string;
      inputPerMTok: number;
      cachedInputPerMTok: number;
      reasoningPerMTok: number;
      effectiveFrom: Date;
    }>(
      `SELECT model, "inputPerMTok", "cachedInputPerMTok", "reasoningPerMTok", "effectiveFrom" FROM "ModelPrice" ORDER BY "effectiveFrom"`,
    );
  beforeEach(async () => {
    await resetDatabase();
    serverIntl.locale = "en";
    admin = await makeUser("admin@example.com", "ADMIN");
    user = await makeUser("user@example.com");
  });

  it("refuses a non-admin with 404 and saves nothing", async () => {
    session.userId = user.id;
    const add = await pricing
      .addPriceAction(form({ model: "gpt-4o", inputPerMTok: "1", outputPerMTok: "2" }))
      .catch((e) => e);
    expect(isNotFound(add)).toBe(true);
    expect(isNotFound(await pricing.setCurrencyAction(form({ currency: "EUR" })).catch((e) => e))).toBe(true);
    expect(await prices()).toEqual([]);
    expect(await query(`SELECT * FROM "PricingSettings"`)).toEqual([]);
  });

  it("adds a price (cached and reasoning default to input and output) and audits it", async () => {
    session.userId = admin.id;
    const res = await pricing.addPriceAction(
      form({
        endpointId: "",
        model: "gpt-4o*",
        inputPerMTok: "2.5",
        cachedInputPerMTok: "",
        outputPerMTok: "10",
        reasoningPerMTok: "",
        effectiveFrom: "2030-01-01T00:00",
      }),
    );
    expect(res).toMatchObject({ ok: true, message: "Price added." });
    expect(await prices()).toEqual([
      {
        model: "gpt-4o*",
        inputPerMTok: 2.5,
        cachedInputPerMTok: 2.5,
        reasoningPerMTok: 10,
        effectiveFrom: new Date("2030-01-01T00:00:00Z"),
      },
    ]);
    const audit = await query<{ kind: string; key: string; target: string }>(
      `SELECT kind, key, target FROM "AdminAudit"`,
    );
    expect(audit).toEqual([{ kind: "price", key: "price:create", target: "gpt-4o* @ any endpoint" }]);
  });

  it("refuses bad input field by field, in the user's language, saving nothing", async () => {
    session.userId = admin.id;
    const res = await pricing.addPriceAction(
      form({
        endpointId: "nope",
        model: "gpt 4o",
        inputPerMTok: "-1",
        outputPerMTok: "abc",
        effectiveFrom: "tomorrow",
      }),
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe("bad_request:price");
    expect(res.error.fields).toEqual({
      model: "Use letters, digits, . _ - : / @ + and * only (no spaces).",
      inputPerMTok: "A price can’t be negative.",
      outputPerMTok: "Enter a number, e.g. 2.5.",
      effectiveFrom: "Enter a date and time, or leave it empty for now.",
    });
    const gone = await pricing.addPriceAction(
      form({ endpointId: "nope", model: "m", inputPerMTok: "1", outputPerMTok: "1" }),
    );
    expect(gone).toMatchObject({
      ok: false,
      error: { fields: { endpointId: "That endpoint no longer exists." } },
    });
    serverIntl.locale = "zh-CN";
    const zh = await pricing.addPriceAction(form({ model: "", inputPerMTok: "", outputPerMTok: "1" }));
    expect(zh).toMatchObject({
      ok: false,
      error: { fields: { model: "请输入模型名称或模式。", inputPerMTok: "请输入价格（免费填 0）。" } },
    });
    expect(await prices()).toEqual([]);
  });

  it("sets the one currency, refusing codes that are not ISO 4217", async () => {
    session.userId = admin.id;
    expect(await pricing.setCurrencyAction(form({ currency: "XYZ1" }))).toMatchObject({
      ok: false,
      error: { fields: { currency: expect.stringContaining("ISO 4217") } },
    });
    expect(await pricing.setCurrencyAction(form({ currency: "eur" }))).toMatchObject({ ok: true });
    expect(await query(`SELECT currency FROM "PricingSettings"`)).toEqual([{ currency: "EUR" }]);
    const audit = await query<{ key: string; oldValue: string; newValue: string }>(
      `SELECT key, "oldValue", "newValue" FROM "AdminAudit"`,
    );
    expect(audit).toEqual([{ key: "currency", oldValue: "USD", newValue: "EUR" }]);
  });
});
