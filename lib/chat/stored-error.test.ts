import { describe, expect, it } from "vitest";
import { AppError, inEnglish, text } from "@/lib/errors";
import { errorWriter } from "@/lib/http/error-body";
import type { Locale } from "@/lib/i18n/locales";
import { INTERRUPTED } from "@/lib/quota/runs";
import { storedErrorMessage } from "./stored-error";

// An answer's error is stored in the language it was written in (English for background work and
// the engine) with its code; the chat words it for whoever reads it, when they read it.

const shown = async (error: Parameters<typeof storedErrorMessage>[0], locale: Locale) =>
  storedErrorMessage(error, await errorWriter(locale));

describe("a stored answer's error, worded when shown", () => {
  it("a refusal with its catalog message (the balance ran out mid-answer) reads in the reader's language", async () => {
    const refusal = new AppError("limit:balance", {
      key: "limit.balance_mid_run",
      values: { when: text("limit.balance_ask_admin") },
    });
    // As the engine stores it: code, English message, catalog message (JSON round trip: a DB row).
    const stored = JSON.parse(
      JSON.stringify({ code: refusal.code, message: refusal.message, text: refusal.text }),
    );
    expect(stored.message).toBe(
      "Your token balance ran out during this answer. Ask an administrator for more.",
    );
    expect(await shown(stored, "zh-CN")).toBe(
      "你的 token 余额在此回答过程中用完了。请向管理员申请更多额度。",
    );
    expect(await shown(stored, "en")).toBe(stored.message);
  });

  it("an answer stored in English with only its code (interrupted) reads in Chinese", async () => {
    expect(INTERRUPTED.message).toBe("The server restarted while this answer was being written.");
    expect(await shown({ ...INTERRUPTED }, "zh-CN")).toBe("生成此回答时服务器重启了。");
    expect(await shown({ ...INTERRUPTED }, "en")).toBe(INTERRUPTED.message);
  });

  it("a bare code whose stored text is an English catalog sentence is recognised", async () => {
    const stored = { code: "internal", message: inEnglish(text("internal.files_not_attached")) };
    expect(await shown(stored, "zh-CN")).toBe("你的消息已保存，但其中的文件未能附加。请重新发送。");
  });

  it("an unknown code, or a code whose sentence needs values the row lacks, shows the stored text", async () => {
    const failed = { code: "failed:run", message: "Model said: upstream exploded" };
    expect(await shown(failed, "zh-CN")).toBe(failed.message);
    expect(await shown(failed, "en")).toBe(failed.message);
    // Rows from before answers kept their catalog message: limit.balance needs {when}.
    const old = { code: "limit:balance", message: "Your token balance ran out during this answer." };
    expect(await shown(old, "zh-CN")).toBe(old.message);
    const unknown = { code: "internal", message: "The run ended unexpectedly." };
    expect(await shown(unknown, "zh-CN")).toBe(unknown.message);
    // A stored catalog message whose key no longer exists: the stored text, never a raw key.
    const gone = { code: "limit:gone", message: "Old sentence.", text: { key: "limit.no_such_key" } };
    expect(await shown(gone, "zh-CN")).toBe("Old sentence.");
  });
});
