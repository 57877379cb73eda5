import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { findInputProblem } from "./clean-input";
import { isForeignOrigin } from "./origin";
import { route } from "./route";

describe("route()", () => {
  it("logs an unexpected error once, with the request id it answers with, and never its text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = route({}, async () => {
      throw new Error("secret sk-live-123 leaked");
    });
    const res = await handler(new Request("http://app.test/api/x"));
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ code: "internal", requestId: res.headers.get("X-Request-Id") });
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0][0]));
    expect(line).toMatchObject({
      level: "error",
      requestId: body.requestId,
      error: "Error",
      where: "GET /api/x",
    });
    expect(JSON.stringify(log.mock.calls)).not.toContain("sk-live-123");
    expect(JSON.stringify(body)).not.toContain("sk-live-123");
    log.mockRestore();
  });

  it("answers a saturated database (a transaction that could not start in time) with 503, not 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await route({}, async () => {
      throw Object.assign(
        new Error("Transaction API error: Unable to start a transaction in the given time."),
        {
          code: "P2028",
        },
      );
    })(new Request("http://app.test/api/x"));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "unavailable:database" });
    log.mockRestore();
  });

  it("answers typed errors with their status and code, without logging", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await route({}, async () => {
      throw new AppError("not_found:agent");
    })(new Request("http://app.test/api/x"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found:agent" });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("answers in the request's language with the same code (Accept-Language outside a Next.js request)", async () => {
    const handler = route({}, async () => {
      throw new AppError("forbidden:agent");
    });
    const ask = (lang?: string) =>
      handler(new Request("http://app.test/api/x", { headers: lang ? { "Accept-Language": lang } : {} }));
    const zh = await ask("zh-CN,zh;q=0.9,en;q=0.8");
    const en = await ask("en-US");
    const none = await ask();
    expect([zh.status, en.status, none.status]).toEqual([403, 403, 403]);
    const [z, e, n] = [await zh.json(), await en.json(), await none.json()];
    expect([z.code, e.code, n.code]).toEqual(["forbidden:agent", "forbidden:agent", "forbidden:agent"]);
    expect(z.message).toBe("只有所有者才能修改此智能体。");
    expect(e.message).toBe("Only the owner can change this agent.");
    expect(n.message).toBe(e.message);
  });

  it("checks route parameters and hands the parsed JSON body to the handler", async () => {
    const seen: unknown[] = [];
    const handler = route<{ id: string }>({ json: true }, async ({ params, body }) => {
      seen.push(params.id, body);
      return Response.json({ ok: true });
    });
    const req = () =>
      new Request("http://app.test/api/x", {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: '{"a":[1,"😀"]}',
      });
    expect((await handler(req(), { params: Promise.resolve({ id: "a" }) })).status).toBe(200);
    expect(seen).toEqual(["a", { a: [1, "😀"] }]);
    expect((await handler(req(), { params: Promise.resolve({ id: "\0" }) })).status).toBe(400);
  });
});

describe("findInputProblem", () => {
  it("finds NUL, lone surrogates (also in keys) and deep nesting; accepts pairs", () => {
    expect(findInputProblem({ a: ["ok", "😀"] })).toBeNull();
    expect(findInputProblem({ a: ["ok", "x\u0000"] })).toEqual({ kind: "text", path: "a.1" });
    expect(findInputProblem("\ud83d")).toMatchObject({ kind: "text" });
    expect(findInputProblem("\ude00x")).toMatchObject({ kind: "text" });
    expect(findInputProblem({ "k\ud800": 1 })).toMatchObject({ kind: "text" });
    const form = new FormData();
    form.set("name", "a\u0000");
    expect(findInputProblem([form])).toMatchObject({ kind: "text" });
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findInputProblem(deep)).toMatchObject({ kind: "depth" });
  });
});

describe("isForeignOrigin", () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("compares the Origin host with X-Forwarded-Host or Host; no Origin and no Sec-Fetch-Site is a script", () => {
    expect(isForeignOrigin(h({ host: "app.test", origin: "http://app.test" }))).toBe(false);
    expect(isForeignOrigin(h({ host: "app.test", origin: "https://evil.test" }))).toBe(true);
    expect(
      isForeignOrigin(
        h({ host: "internal:3000", "x-forwarded-host": "app.test", origin: "https://app.test" }),
      ),
    ).toBe(false);
    expect(isForeignOrigin(h({ host: "app.test", origin: "null" }))).toBe(true);
    expect(isForeignOrigin(h({ origin: "http://app.test" }))).toBe(true);
    expect(isForeignOrigin(h({}))).toBe(false);
    expect(isForeignOrigin(h({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isForeignOrigin(h({ "sec-fetch-site": "same-origin" }))).toBe(false);
  });
});
