import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RunNotice } from "@/lib/agents/events";
import type { Locale } from "@/lib/i18n/locales";
import { intlWrapper } from "@/tests/helpers/intl";
import { useNoticeText } from "./notice-text";

function Shown({ notice }: { notice: RunNotice }) {
  return useNoticeText()(notice);
}
const shown = async (notice: RunNotice, locale: Locale) =>
  renderToStaticMarkup((await intlWrapper(locale))(createElement(Shown, { notice })));

const gone: RunNotice = {
  key: "chat.notices.toolGone.gone",
  values: { tool: "notes__wipe", server: "Notes", agents: ["Lead", "Writer"], count: 2 },
  message: 'The tool notes__wipe no longer exists on MCP server "Notes". Lead and Writer run without it.',
};

describe("a run's notice, worded for its reader", () => {
  it("says a tool that is gone in the reader's language, the agents as that language lists them", async () => {
    expect(await shown(gone, "en")).toBe(
      "The tool notes__wipe no longer exists on MCP server &quot;Notes&quot;. Lead and Writer run without it.",
    );
    expect(await shown(gone, "zh-CN")).toBe(
      "工具 notes__wipe 已不在 MCP 服务器“Notes”上。Lead和Writer 将在不使用它的情况下运行。",
    );
  });

  it("falls back to the English sentence for a key the catalog lacks, and shows an old sentence as it is", async () => {
    const unknown = { ...gone, key: "chat.notices.noSuchNotice" };
    expect(await shown(unknown, "zh-CN")).toBe(
      "The tool notes__wipe no longer exists on MCP server &quot;Notes&quot;. Lead and Writer run without it.",
    );
    expect(await shown("The tool x is not available.", "zh-CN")).toBe("The tool x is not available.");
  });
});
