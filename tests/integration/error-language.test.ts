import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabase } from "../helpers/reset-db";
import { draft, makeUser } from "./agents-helpers";

// An API error keeps its code and says its message in the request's language: next-intl's locale
// (the user's stored choice, else Accept-Language) inside Next.js; here, where handlers are called
// directly, the test plays next-intl (or leaves it out, as outside a request: then Accept-Language).
const session = vi.hoisted(() => ({ userId: null as string | null }));
const intl = vi.hoisted(() => ({ locale: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("@/lib/i18n/request-locale", () => ({
  requestLocale: async () => {
    if (!intl.locale) throw new Error("no next-intl request (as outside Next.js)");
    return intl.locale;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const list = await import("@/app/api/agents/route");
const one = await import("@/app/api/agents/[id]/route");

const post = (body: unknown, lang?: string) =>
  new Request("http://test/api/agents", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(lang ? { "Accept-Language": lang } : {}) },
    body: JSON.stringify(body),
  });

describe("API error bodies in the request's language", () => {
  beforeEach(async () => {
    await resetDatabase();
    session.userId = null;
    intl.locale = null;
  });

  it("answers in Chinese for Accept-Language zh-CN and in English otherwise, with the same code", async () => {
    const zh = await list.POST(post(draft("A"), "zh-CN,zh;q=0.9"));
    const en = await list.POST(post(draft("A"), "en-US,en;q=0.9"));
    const other = await list.POST(post(draft("A"), "fr-FR"));
    expect([zh.status, en.status, other.status]).toEqual([401, 401, 401]);
    const bodies = [await zh.json(), await en.json(), await other.json()];
    expect(bodies.map((b) => b.code)).toEqual(["unauthorized", "unauthorized", "unauthorized"]);
    expect(bodies[0].message).toBe("请先登录。");
    expect(bodies[1].message).toBe("Sign in to continue.");
    expect(bodies[2].message).toBe("Sign in to continue.");
  });

  it("follows next-intl's locale (a user's stored choice) over the header, field messages too", async () => {
    session.userId = await makeUser("ann@example.com");
    intl.locale = "zh-CN";
    const res = await list.POST(post({ ...draft("A"), name: "" }, "en-US"));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("bad_request:agent");
    expect(body.message).toBe("请修正标出的字段。");
    intl.locale = "en";
    const missing = await one.GET(new Request("http://test/api/agents/nope"), {
      params: Promise.resolve({ id: "nope" }),
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      code: "not_found:agent",
      message: "That agent does not exist or is not shared with you.",
    });
  });
});
