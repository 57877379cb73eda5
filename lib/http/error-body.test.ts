import { describe, expect, it } from "vitest";
import { AppError, durationText, text } from "@/lib/errors";
import { errorBody, errorResponse } from "./error-body";

describe("errorBody: a code and values in the request's language", () => {
  it("writes the code's sentence with its values in English and Chinese, plural forms included", async () => {
    const err = (running: number) =>
      new AppError("rate_limit:concurrent_runs", { values: { running, limit: 2 }, retryAfter: 5 });
    expect((await errorBody(err(1), "en")).message).toBe(
      "You already have 1 answer running (the limit is 2). Wait for one to finish or stop it.",
    );
    expect((await errorBody(err(3), "en")).message).toContain("3 answers running");
    const zh = await errorBody(err(3), "zh-CN");
    expect(zh).toMatchObject({ code: "rate_limit:concurrent_runs", retryAfter: 5 });
    expect(zh.message).toBe("你已有 3 个回答正在运行（上限为 2 个）。请等待其中一个完成，或将其停止。");
  });

  it("writes nested messages (durations) in the same language", async () => {
    const err = new AppError("rate_limit:messages", {
      values: { count: 1, window: durationText(3600), retry: durationText(1) },
    });
    expect((await errorBody(err, "en")).message).toBe(
      "You can send 1 message every 60 minutes. Try again in 1 second.",
    );
    expect((await errorBody(err, "zh-CN")).message).toBe(
      "你每 60 分钟最多可发送 1 条消息，请在 1 秒后重试。",
    );
    expect(durationText(45)).toEqual({ key: "duration.seconds", values: { count: 45 } });
    expect(durationText(7200)).toEqual({ key: "duration.hours", values: { count: 2 } });
  });

  it("uses an explicit key where one code has several sentences, and lists in the language's style", async () => {
    const err = new AppError("unsupported_media_type:file", {
      key: "unsupported_media_type.file_kind",
      values: {
        kind: "pdf",
        allowed: [text("file_kinds.list", { kind: "text" }), text("file_kinds.list", { kind: "image" })],
      },
    });
    expect((await errorBody(err, "en")).message).toBe(
      "PDFs can't be attached here. Allowed: text files and images.",
    );
    expect((await errorBody(err, "zh-CN")).message).toBe(
      "PDF 文件不能在此处附加。允许的类型：文本文件和图片。",
    );
  });

  it("writes field messages, catalog ones translated and literal ones as they are", async () => {
    const err = new AppError("conflict:email", {
      fields: { email: text("field.email_taken"), other: "As is." },
    });
    expect((await errorBody(err, "zh-CN")).fields).toEqual({
      email: "使用此邮箱的账号已存在。要改为登录吗？",
      other: "As is.",
    });
  });

  it("falls back to the type's generic sentence for an unknown key, never the raw key", async () => {
    const unknown = new AppError("not_found:nothing_like_this");
    expect(unknown.message).toBe("Not found.");
    expect((await errorBody(unknown, "zh-CN")).message).toBe("未找到。");
    const missingValue = new AppError("forbidden:endpoint"); // {endpoint} not given
    expect((await errorBody(missingValue, "en")).message).toBe("You are not allowed to do this.");
    const field = new AppError("bad_request:x", { fields: { a: text("no.such.key") } });
    expect((await errorBody(field, "en")).fields?.a).toBe("Invalid request.");
    expect(JSON.stringify(await errorBody(unknown, "en"))).not.toContain("errors.");
  });

  it("keeps the old (code, sentence) form working as a literal fallback", async () => {
    const old = new AppError("bad_request:not_in_catalog", "A sentence of its own.");
    expect((await errorBody(old, "zh-CN")).message).toBe("A sentence of its own.");
    // A code the catalog knows still says the catalog's sentence.
    expect((await errorBody(new AppError("not_found:user", "Old text."), "en")).message).toBe(
      "That user no longer exists.",
    );
  });

  it("AppError.message (logs, engine run errors) is the English sentence", () => {
    expect(new AppError("not_found:run").message).toBe("This answer is no longer running.");
  });

  it("answers unknown errors with the generic internal sentence, never their text", async () => {
    const body = await errorBody(new Error("connect ECONNREFUSED postgres://u:hunter2@db"), "zh-CN");
    expect(body).toEqual({ code: "internal", message: "服务器出了点问题，请重试。" });
  });

  it("writes engine refusals from their key and values (the engine knows no language)", async () => {
    const { SubagentDepthError } = await import("@/lib/agents/errors");
    const err = new SubagentDepthError(
      "log line",
      { agentId: "b", parentId: "a", depth: 3, maxDepth: 2 },
      { key: "limit.subagent_depth", values: { parent: "Planner", child: "Coder", depth: 3, max: 2 } },
    );
    const zh = await errorBody(err, "zh-CN");
    expect(zh.code).toBe("limit:subagent_depth");
    expect(zh.message).toContain("“Planner”将在深度 3 委派给“Coder”");
    expect((await errorBody(err, "en")).message).toContain('"Planner" would delegate to "Coder" at depth 3');
  });

  it("sends the same code and status in both languages", async () => {
    const err = new AppError("rate_limit:signin", { values: { wait: durationText(30) }, retryAfter: 30 });
    const [en, zh] = await Promise.all([
      errorResponse(err, { requestId: "r1", locale: "en" }),
      errorResponse(err, { requestId: "r1", locale: "zh-CN" }),
    ]);
    expect([en.status, zh.status]).toEqual([429, 429]);
    expect(en.headers.get("Retry-After")).toBe("30");
    const [a, b] = [await en.json(), await zh.json()];
    expect(a).toMatchObject({ code: "rate_limit:signin", requestId: "r1" });
    expect(b.code).toBe(a.code);
    expect(a.message).toBe("Too many failed sign-ins. Try again in 30 seconds.");
    expect(b.message).toBe("登录失败次数过多，请在 30 秒后重试。");
  });
});
