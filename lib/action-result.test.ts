import { notFound } from "next/navigation";
import { describe, expect, it, vi } from "vitest";
import { failed, runAction, succeeded } from "./action-result";
import { AppError } from "./errors";

describe("runAction", () => {
  it("passes a result through", async () => {
    expect(await runAction(async () => succeeded({ id: "a" }, "Saved."))).toEqual({
      ok: true,
      data: { id: "a" },
      message: "Saved.",
    });
    expect(await runAction(async () => failed("bad_request:x", "No.", { name: "Too long." }))).toEqual({
      ok: false,
      error: { code: "bad_request:x", message: "No.", fields: { name: "Too long." } },
    });
  });

  it("writes a catalog refusal in the request's language (English outside a request)", async () => {
    const result = await runAction(async () => failed("forbidden:own_account"));
    expect(result).toEqual({
      ok: false,
      error: { code: "forbidden:own_account", message: "You can't disable your own account." },
    });
  });

  it("turns a thrown typed error into a failed result with its code, message and fields", async () => {
    const result = await runAction(async () => {
      throw new AppError("rate_limit:messages", "Slow down.", { fields: { text: "Wait." }, retryAfter: 7 });
    });
    expect(result).toEqual({
      ok: false,
      error: { code: "rate_limit:messages", message: "Slow down.", fields: { text: "Wait." }, retryAfter: 7 },
    });
  });

  it("answers an unexpected error with a generic internal error, logged without its text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await runAction(async () => {
      throw new Error("connect ECONNREFUSED postgres://admin:hunter2@db");
    });
    expect(result).toMatchObject({ ok: false, error: { code: "internal" } });
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(JSON.stringify(log.mock.calls)).not.toContain("hunter2");
    log.mockRestore();
  });

  it("lets Next.js' notFound through (admin actions answer 404 like admin pages)", async () => {
    await expect(runAction(async () => notFound())).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
  });
});
