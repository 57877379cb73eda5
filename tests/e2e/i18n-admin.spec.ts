import type { Page } from "@playwright/test";
import { ADMIN, expect, shots, test } from "./fixtures";
import { AdminPage } from "./pages/admin-page";

// The admin pages, the MCP tools and the endpoints in Simplified Chinese: a browser asking for
// zh-CN (the admin has no stored language) gets every section's headings, labels and help from the
// zh-CN catalogs, numbers and dates in Chinese form, and no page wider than the screen at 1440 or
// 390 px, in light and in dark.
const SHOTS = "/tmp/shots-i18n-admin";

/** Each page, a file name for its screenshots, and a few of its zh-CN texts. */
const PAGES: Array<{ path: string; name: string; texts: string[] }> = [
  { path: "/admin", name: "users", texts: ["管理后台", "加入时间", "管理员", "正常"] },
  { path: "/admin/registration", name: "registration", texts: ["谁可以注册", "仅限邀请", "生成邀请链接"] },
  { path: "/admin/overrides", name: "overrides", texts: ["按用户覆盖", "有覆盖设置的用户", "选择用户…"] },
  { path: "/admin/limits", name: "limits", texts: ["委派上限", "子智能体最大深度", "子智能体最大轮数"] },
  { path: "/admin/balances", name: "balances", texts: ["Token 余额", "发放或设置余额", "发放（增加）"] },
  { path: "/admin/rate-limits", name: "rate-limits", texts: ["速率限制", "每个用户的并发运行数"] },
  { path: "/admin/files", name: "files", texts: ["会话中的文件", "单个文件大小上限（MB）"] },
  { path: "/admin/endpoints", name: "endpoints", texts: ["模型端点", "添加端点", "内置"] },
  { path: "/admin/endpoints/new", name: "endpoint-new", texts: ["API 密钥", "额外请求头", "谁可以使用"] },
  { path: "/admin/tools", name: "tools", texts: ["工具（MCP 服务器）", "添加服务器", "刷新工具"] },
  { path: "/admin/tools/new", name: "tool-new", texts: ["添加 MCP 服务器", "传输方式", "仅限选定用户"] },
  { path: "/admin/pricing", name: "pricing", texts: ["价格表", "添加价格", "没有价格的模型", "内置默认"] },
  { path: "/admin/usage", name: "usage", texts: ["用量", "按智能体", "按模型", "由子智能体消耗"] },
  { path: "/admin/audit", name: "audit", texts: ["审计日志", "全部类型", "时间窗（秒）", "上限"] },
];

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "the page is no wider than the screen").toBeLessThanOrEqual(client);
}

test("every admin section, the MCP tools and the endpoints read in Chinese at 1440 and 390 px", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ctx = await browser.newContext({ storageState: ADMIN.state, locale: "zh-CN" });
  const page = await ctx.newPage();
  const admin = new AdminPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // One change, so the audit log has a row to name in Chinese (put back at the end).
  await page.goto("/admin/rate-limits");
  // The action's notice is in Chinese too, naming the field as the form labels it.
  await expect(await admin.saveSettings("rates", { windowSeconds: "61" })).toContainText(
    "已保存：时间窗（秒）。",
  );
  await shots(page, SHOTS, "rates-saved");

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    for (const { path, name, texts } of PAGES) {
      await page.goto(path);
      const content = page.getByTestId("admin-content");
      for (const text of texts) await expect(content).toContainText(text);
      await expect(page.getByRole("navigation", { name: "管理分区" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shots(page, SHOTS, `${name}-${width}`);
    }
  }

  // The phone's section button names the current section in Chinese, and the menu its groups.
  await page.goto("/admin/audit");
  const toggle = page.getByTestId("admin-nav-toggle");
  await expect(toggle).toContainText("管理 · 审计日志");
  await toggle.click();
  await expect(page.getByTestId("admin-nav")).toContainText("模型与工具");
  await expect(page.getByTestId("admin-tab-endpoints")).toHaveText("端点");
  await shots(page, SHOTS, "nav-open-390");

  // Numbers and dates in the Chinese form: the audit row's date is year first (2026/12/03).
  await expect(page.getByTestId("audit-row").first()).toContainText(/\d{4}\/\d{2}\/\d{2}/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin/rate-limits");
  await admin.saveSettings("rates", { windowSeconds: "60" });
  await ctx.close();
});
