import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { resetDatabase } from "../helpers/reset-db";

// Generated hostile input against the chat route, the agents API, the admin API, the conversation
// API, the server actions and the server action guard (proxy.ts). Seeded: set FUZZ_SEED to replay a
// run. Asserts: no 5xx (no `internal` action result, nothing thrown but Next's own notFound) and
// no row written by any refused request.
const session = vi.hoisted(() => ({
  userId: null as string | null,
  rows: new Map<string, Promise<{ user: { id: string }; sid: string }>>(),
}));
vi.mock("@/lib/auth/index", () => ({
  // One session row per user, made once: the fuzz counts rows written, and a sign-in is not a write
  // of the request under test.
  auth: async () => {
    if (!session.userId) return null;
    let signedIn = session.rows.get(session.userId);
    if (!signedIn) {
      signedIn = (await import("../helpers/auth-session")).testSession(session.userId);
      session.rows.set(session.userId, signedIn);
    }
    return signedIn;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Server actions translate their notices: the English catalog unless a test picks zh-CN.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const chatRoute = await import("@/app/api/chat/route");
const agentsRoute = await import("@/app/api/agents/route");
const agentRoute = await import("@/app/api/agents/[id]/route");
const conversationsRoute = await import("@/app/api/conversations/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");
const settingsRoute = await import("@/app/api/admin/settings/route");
const usersRoute = await import("@/app/api/admin/users/route");
const agentActions = await import("@/app/(app)/agents/actions");
const keyActions = await import("@/app/(app)/settings/actions");
const endpointActions = await import("@/app/(app)/admin/endpoints/actions");
const adminActions = await import("@/app/(app)/admin/actions");
const quotaActions = await import("@/app/(app)/admin/quota-actions");
const { proxy } = await import("@/proxy");
const { NextRequest } = await import("next/server");

const SEED = Number(process.env.FUZZ_SEED ?? 20261201) >>> 0;
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 2200);

/** mulberry32: small, fast, good enough to pick test cases. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = prng(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
const chance = (p: number) => rand() < p;

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00",
  "\ud83d\ude00",
  "😀",
  'Robert\'); DROP TABLE "User";--',
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "$K1",
  "$@0",
  "\r\n",
  "%00",
  "../../etc/passwd",
  "null",
  "true",
  "-1",
  "1e309",
  "\u202e",
  "\ufeff",
  "http://127.0.0.1:9/v1",
  "javascript:alert(1)",
];

function randomString(): string {
  switch (int(6)) {
    case 0:
      return pick(NASTY_STRINGS);
    case 1:
      return pick(NASTY_STRINGS) + pick(NASTY_STRINGS);
    case 2:
      return "x".repeat(pick([100, 1000, 33_000, 70_000]));
    case 3:
      return String.fromCharCode(...Array.from({ length: 1 + int(12) }, () => int(0x10000)));
    default:
      return `s${int(1000)}`;
  }
}

function randomValue(depth = 0): unknown {
  const k = int(depth > 3 ? 6 : 9);
  switch (k) {
    case 0:
      return null;
    case 1:
      return chance(0.5);
    case 2:
      return pick([0, -1, 1, 2 ** 53, -(2 ** 31), 1.5, 1e308, -0]);
    case 3:
    case 4:
    case 5:
      return randomString();
    case 6:
      return Array.from({ length: int(5) }, () => randomValue(depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = int(5); i > 0; i--)
        o[chance(0.2) ? randomString() : `k${int(9)}`] = randomValue(depth + 1);
      return o;
    }
  }
}

/** A valid-looking body with some fields replaced, removed or added. */
function mutate(base: Record<string, unknown>): unknown {
  if (chance(0.1)) return randomValue();
  const out: Record<string, unknown> = { ...base };
  const keys = Object.keys(base);
  for (let i = 1 + int(3); i > 0; i--) {
    const key = chance(0.85) && keys.length ? pick(keys) : randomString();
    if (chance(0.2)) delete out[key];
    else out[key] = randomValue();
  }
  return out;
}

const RAW_BODIES = [
  "",
  "{",
  "not json",
  "[]",
  "null",
  '"str"',
  "{}".repeat(3),
  "[".repeat(3000),
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
];

function body(base: Record<string, unknown>): string {
  if (chance(0.08)) return pick(RAW_BODIES);
  return JSON.stringify(mutate(base));
}

function headers(): Record<string, string> {
  const h: Record<string, string> = { host: "app.test" };
  const type = chance(0.85)
    ? "application/json"
    : pick(["text/plain", "", "multipart/form-data; boundary=x", "application/json; charset=utf-8"]);
  if (type) h["content-type"] = type;
  if (chance(0.1)) h.origin = pick(["https://evil.test", "null", "http://app.test", "not a url"]);
  if (chance(0.05)) h["sec-fetch-site"] = pick(["cross-site", "same-site", "same-origin"]);
  return h;
}

function request(method: string, path: string, data?: string): Request {
  return new Request(`http://app.test${path}`, { method, headers: headers(), body: data });
}

const ctx = <P>(params: P) => ({ params: Promise.resolve(params) });

/** A search parameter as a browser would send it; a lone surrogate can't be, so send bytes. */
function query(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80%00%FF";
  }
}

describe("fuzz: bad input never gives a 5xx and refused requests write nothing", () => {
  let counter: pg.Client;
  let tables: string[];
  let admin: { id: string };
  let ann: { id: string };
  let victim: { id: string };
  let agentId: string;

  async function counts(): Promise<string> {
    const { rows } = await counter.query(
      `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`,
    );
    return JSON.stringify(rows[0]);
  }

  /** Waits until no run is left running (accepted chat requests finish writing in the background). */
  async function settle() {
    for (let i = 0; i < 200; i++) {
      const { rows } = await counter.query(`SELECT count(*)::int AS n FROM "Run" WHERE status = 'RUNNING'`);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  beforeAll(async () => {
    await resetDatabase();
    counter = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await counter.connect();
    tables = (
      await counter.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
      )
    ).rows.map((r) => r.tablename);
    admin = await makeUser("Admin");
    ann = await makeUser("Ann");
    victim = await makeUser("Victim");
    agentId = (await makeAgent(ann.id, "Fuzz target")).id;
    // Sign everyone in before counting rows.
    const { testSession } = await import("../helpers/auth-session");
    for (const u of [admin, ann, victim]) session.rows.set(u.id, testSession(u.id));
    await Promise.all(session.rows.values());
    setTestModelFactory(
      scriptedModelFactory(() => () => ({ text: "ok", usage: { input: 1, output: 1 } }), { record: false }),
    );
  });
  afterAll(async () => {
    setTestModelFactory(undefined);
    await counter.end();
  });

  it(`survives ${ROUNDS} generated requests`, async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${ROUNDS} rounds`);
    const ids = () => pick([agentId, randomString(), "no-such-id", victim.id, ann.id]);
    const agentBase = () => ({
      name: "Fuzzed",
      provider: DEMO_ENDPOINT_ID,
      model: DEMO_MODEL_ID,
      description: "d",
    });
    const form = (entries: Record<string, unknown>) => {
      const f = new FormData();
      const fields = mutate(entries);
      for (const [k, v] of Object.entries(fields && typeof fields === "object" ? fields : { value: fields }))
        f.set(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
      return f;
    };

    type Outcome = { status: number } | { result: unknown };
    const targets: [string, () => Promise<Outcome>][] = [
      [
        "POST /api/chat",
        async () => {
          const res = await chatRoute.POST(
            request("POST", "/api/chat", body({ agentId, text: "hi", parentMessageId: null })),
          );
          if (res.ok) {
            await res.text();
            await settle();
          }
          return { status: res.status };
        },
      ],
      [
        "POST /api/agents",
        async () => ({
          status: (await agentsRoute.POST(request("POST", "/api/agents", body(agentBase())))).status,
        }),
      ],
      [
        "PUT /api/agents/:id",
        async () => {
          const id = ids();
          return {
            status: (await agentRoute.PUT(request("PUT", "/api/agents/x", body(agentBase())), ctx({ id })))
              .status,
          };
        },
      ],
      [
        "GET /api/agents/:id",
        async () => ({
          status: (await agentRoute.GET(request("GET", "/api/agents/x"), ctx({ id: ids() }))).status,
        }),
      ],
      [
        "GET /api/agents?search",
        async () => ({
          status: (await agentsRoute.GET(request("GET", `/api/agents?search=${query(randomString())}`)))
            .status,
        }),
      ],
      [
        "GET /api/conversations?q",
        async () => ({
          status: (
            await conversationsRoute.GET(request("GET", `/api/conversations?q=${query(randomString())}`))
          ).status,
        }),
      ],
      [
        "PATCH /api/conversations/:id",
        async () => ({
          status: (
            await conversationRoute.PATCH(
              request("PATCH", "/api/conversations/x", body({ title: "t" })),
              ctx({ id: ids() }),
            )
          ).status,
        }),
      ],
      [
        "PUT /api/admin/settings",
        async () => {
          session.userId = pick([admin.id, admin.id, ann.id]);
          return {
            status: (
              await settingsRoute.PUT(
                request("PUT", "/api/admin/settings", body({ maxSubagentDepth: 3, windowSeconds: 60 })),
              )
            ).status,
          };
        },
      ],
      [
        "GET /api/admin/users",
        async () => {
          session.userId = pick([admin.id, ann.id, null]);
          return { status: (await usersRoute.GET(request("GET", "/api/admin/users"))).status };
        },
      ],
      [
        "saveAgentAction",
        async () => ({
          result: await agentActions.saveAgentAction(
            mutate({ id: ids(), draft: mutate(agentBase()) }) as never,
          ),
        }),
      ],
      [
        "previewAgentAction",
        async () => ({
          result: await agentActions.previewAgentAction(mutate({ draft: mutate(agentBase()) }) as never),
        }),
      ],
      [
        "duplicateAgentAction",
        async () => ({ result: await agentActions.duplicateAgentAction(mutate({ id: ids() }) as never) }),
      ],
      [
        "agentParentsAction",
        async () => ({ result: await agentActions.agentParentsAction(mutate({ id: ids() }) as never) }),
      ],
      [
        "deleteAgentAction",
        async () => ({ result: await agentActions.deleteAgentAction(mutate({ id: ids() }) as never) }),
      ],
      [
        "restoreVersionAction",
        async () => ({
          result: await agentActions.restoreVersionAction(mutate({ id: ids(), version: 1 }) as never),
        }),
      ],
      [
        "saveMyKeyAction",
        async () => ({
          result: await keyActions.saveMyKeyAction(mutate({ endpointId: ids(), apiKey: "sk-x" })),
        }),
      ],
      [
        "removeMyKeyAction",
        async () => ({ result: await keyActions.removeMyKeyAction(mutate({ endpointId: ids() })) }),
      ],
      [
        "saveEndpointAction",
        async () => {
          session.userId = admin.id;
          return {
            result: await endpointActions.saveEndpointAction(
              mutate({
                name: "E",
                protocol: "openai",
                baseURL: "http://127.0.0.1:9/v1",
                apiKey: "",
                models: "m",
                access: "everyone",
                headers: [],
              }),
            ),
          };
        },
      ],
      [
        "fetchModelsAction",
        async () => {
          session.userId = admin.id;
          const raw = mutate({
            name: "E",
            protocol: "openai",
            baseURL: "http://127.0.0.1:9/v1",
            apiKey: "k",
            headers: [],
          });
          // Never let the fuzzer send requests anywhere but a closed local port.
          if (raw && typeof raw === "object")
            (raw as Record<string, unknown>).baseURL = "http://127.0.0.1:9/v1";
          return { result: await endpointActions.fetchModelsAction(raw) };
        },
      ],
      [
        "deleteEndpointAction",
        async () => {
          session.userId = admin.id;
          return { result: await endpointActions.deleteEndpointAction(mutate({ id: ids() })) };
        },
      ],
      [
        "setUserDisabledAction",
        async () => {
          session.userId = admin.id;
          const input = mutate({ userId: pick([victim.id, randomString()]), disabled: true }) as Record<
            string,
            unknown
          >;
          // Ann and the admin keep their accounts so the other targets stay reachable.
          if (input && typeof input === "object" && (input.userId === ann.id || input.userId === admin.id))
            input.userId = victim.id;
          return { result: await adminActions.setUserDisabledAction(input as never) };
        },
      ],
      [
        "saveSettingsAction",
        async () => {
          session.userId = admin.id;
          return {
            result: await quotaActions.saveSettingsAction(
              chance(0.1)
                ? (randomValue() as never)
                : form({
                    group: "rates",
                    windowSeconds: "60",
                    messagesPerWindow: "1000",
                    maxConcurrentRuns: "5",
                  }),
            ),
          };
        },
      ],
      [
        "saveOverrideAction",
        async () => {
          session.userId = admin.id;
          return {
            result: await quotaActions.saveOverrideAction(
              form({ userId: pick([victim.id, randomString()]), maxSubagentDepth: "2" }),
            ),
          };
        },
      ],
      [
        "adjustBalanceAction",
        async () => {
          session.userId = admin.id;
          return {
            result: await quotaActions.adjustBalanceAction(
              form({ userId: pick([victim.id, randomString()]), mode: "grant", amount: "5" }),
            ),
          };
        },
      ],
      [
        "proxy (server action)",
        async () => {
          const h = {
            ...headers(),
            "next-action": "7f00",
            "content-type": pick(["text/plain;charset=UTF-8", "multipart/form-data; boundary=zz"]),
          };
          const data = chance(0.5) ? JSON.stringify([mutate({ id: agentId })]) : pick(RAW_BODIES);
          const res = await proxy(
            new NextRequest("http://app.test/agents", { method: "POST", headers: h, body: data }),
          );
          return { status: res.headers.get("x-middleware-next") === "1" ? 200 : res.status };
        },
      ],
    ];

    const failures: string[] = [];
    const byTarget: Record<string, { sent: number; refused: number }> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const [name, run] = targets[round % targets.length];
      session.userId = ann.id;
      const before = await counts();
      let outcome: Outcome;
      try {
        outcome = await run();
      } catch (err) {
        const digest = String((err as { digest?: string })?.digest ?? "");
        // Admin actions answer non-admins with Next's notFound(), exactly like admin pages.
        outcome = digest.includes("404") ? { status: 404 } : { status: 599 };
        if (!digest.includes("404")) {
          failures.push(`round ${round} ${name}: threw ${(err as Error)?.name}`);
          if (process.env.FUZZ_DEBUG) console.log(err);
        }
      }
      const refused =
        "status" in outcome ? outcome.status >= 400 : !(outcome.result as { ok?: boolean } | undefined)?.ok;
      const serverError =
        "status" in outcome
          ? outcome.status >= 500 && outcome.status !== 599
          : ["internal", "unavailable:database"].includes(
              String((outcome.result as { error?: { code?: string } })?.error?.code),
            );
      if (serverError) failures.push(`round ${round} ${name}: ${JSON.stringify(outcome).slice(0, 300)}`);
      byTarget[name] ??= { sent: 0, refused: 0 };
      const stat = byTarget[name];
      stat.sent++;
      if (refused) {
        stat.refused++;
        const after = await counts();
        if (after !== before) failures.push(`round ${round} ${name}: refused but wrote rows`);
      }
    }
    console.log(
      `fuzz per target (sent/refused): ${Object.entries(byTarget)
        .map(([k, v]) => `${k} ${v.sent}/${v.refused}`)
        .join("; ")}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 240_000);
});
