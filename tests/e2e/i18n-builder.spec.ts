import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, PASSWORD, shots, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";

// Issue 27: the agents list and the agent builder in Simplified Chinese, for a browser that asks
// for zh-CN (Accept-Language) and a user who never chose a language: labels, the preview's lines,
// a loop the preview skips, a chain the depth limit refuses, and the leave confirm.
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens/i18n-builder";
mkdirSync(SHOTS, { recursive: true });
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * A fresh account in a zh-CN browser. The form is found by its field names and its submit button,
 * not by its text: the registration page's own translation is another part of the issue.
 */
async function registerInChinese(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: DESKTOP });
  const page = await ctx.newPage();
  await page.goto("/register");
  const form = page.getByTestId("register-form");
  await form.locator('input[name="name"]').fill("Li Lei");
  await form.locator('input[name="email"]').fill(`zh-builder-${Date.now().toString(36)}@e2e.test`);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/chat/);
  return page;
}

/** POST /api/agents as the page's user; the new agent's id. */
async function createAgent(page: Page, name: string, childId?: string): Promise<string> {
  const res = await page.request.post("/api/agents", {
    data: {
      name,
      provider: "builtin:demo",
      model: "demo-delegator",
      subagents: childId
        ? { enabled: true, allowSelf: false, children: [{ id: childId, mode: "isolated" }] }
        : { enabled: false },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).agent.id;
}

async function bothSizes(page: Page, name: string, before?: () => Promise<void>) {
  for (const [size, viewport] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await before?.();
    await shots(page, SHOTS, `${name}-${size}`);
  }
  await page.setViewportSize(DESKTOP);
}

test("the agents list and the builder speak Chinese, and the preview shows a loop and a depth refusal", async ({
  browser,
}) => {
  // Sixteen screenshots and a chain of agents as deep as the limit.
  test.setTimeout(240_000);
  const page = await registerInChinese(browser);
  const builder = new AgentBuilderPage(page);

  // The list: title, button, sections, and the starter team's cards.
  await builder.gotoList();
  await expect(page.getByTestId("agents-title")).toHaveText("智能体");
  await expect(page.getByTestId("new-agent")).toHaveText("新建智能体");
  await expect(page.getByTestId("agents-mine").getByRole("heading")).toContainText("我的智能体");
  await expect(page.getByTestId("agents-shared")).toContainText("还没有人与你共享智能体。");
  await expect(page.getByTestId("agents-search")).toHaveAttribute("placeholder", "搜索名称或描述");
  await expect(page.getByTestId("agent-card-subagents").first()).toContainText(/子智能体|自我派生/);
  await expect(page.getByTestId("duplicate-agent").first()).toHaveText("复制");
  await bothSizes(page, "agents-list");

  // A loop: A has B as a subagent, then B gets A. The engine skips the way back; the preview says so.
  const b = await createAgent(page, "环 B");
  await createAgent(page, "环 A", b);
  await page.goto(`/agents/${b}`);
  await expect(page.getByTestId("agent-form")).toBeVisible();
  await expect(page.getByTestId("section-basics").getByRole("heading")).toHaveText("基本信息");
  await expect(page.getByTestId("section-subagents").getByRole("heading").first()).toHaveText("子智能体");
  await expect(page.getByTestId("save-agent")).toHaveText("保存更改");
  await builder.setSwitch("subagents-enabled", true);
  await builder.setSwitch("subagents-self", false);
  await expect(page.getByTestId("subagents-warning")).toContainText("没有可委派的对象");
  await builder.addSubagent("环 A");
  await expect(builder.counter()).toHaveText(/^1 \/ \d+$/);
  await expect(builder.child("环 A").getByTestId("child-环 A-mode-isolated")).toHaveText("隔离");
  await expect
    .poll(() => builder.previewLines())
    .toEqual(["d1 环 A", "d2 环 B — 已跳过（循环 环 B→环 A→环 B）"]);
  await expect(builder.preview().locator('[data-kind="cycle"]')).toBeVisible();
  await expect(builder.preview().getByRole("heading")).toHaveText("实时预览");
  await expect(page.getByTestId("form-dirty")).toHaveText("有未保存的更改");
  await bothSizes(page, "builder-cycle", () =>
    page.getByTestId("section-subagents").scrollIntoViewIfNeeded(),
  );

  // Leaving with unsaved changes asks, in Chinese; dismissing keeps the page.
  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole("link", { name: "← 智能体" }).click();
  await expect.poll(() => asked).toEqual(["你有未保存的更改。确定离开此页面并放弃这些更改吗？"]);
  await expect(page).toHaveURL(new RegExp(`/agents/${b}$`));

  // Depth: Chain 0 ← Chain 1 ← … ← Chain <max> under a new root puts Chain 0 past the limit.
  page.on("dialog", (d) => void d.accept());
  await builder.gotoNew();
  await expect(page.getByTestId("agent-title")).toHaveText("新建智能体");
  await expect(page.getByTestId("save-agent")).toHaveText("创建智能体");
  await page.getByTestId("section-basics").locator('input[name="name"]').fill("过深");
  await builder.setSwitch("subagents-enabled", true);
  const intro =
    (await builder
      .preview()
      .getByText(/深度 ≤ \d+/)
      .textContent()) ?? "";
  const maxDepth = Number(/深度 ≤ (\d+)/.exec(intro)?.[1]);
  expect(maxDepth).toBeGreaterThan(0);
  let child: string | undefined;
  for (let i = 0; i <= maxDepth; i++) child = await createAgent(page, `链 ${i}`, child);
  await page.reload();
  await page.getByTestId("section-basics").locator('input[name="name"]').fill("过深");
  await builder.setSwitch("subagents-enabled", true);
  await builder.setSwitch("subagents-self", false);
  await builder.addSubagent(`链 ${maxDepth}`);
  // The verdict's own sentence is the errors' part of the issue: here, that it shows, with our heading.
  await expect(builder.verdict()).toBeVisible();
  await expect(builder.verdict()).toHaveAttribute("data-code", "limit:subagent_depth");
  await expect(builder.verdict()).toContainText("此配置将被拒绝：");
  const tooDeep = builder.preview().locator('[data-kind="too_deep"]');
  await expect(tooDeep).toHaveCount(1);
  await expect(tooDeep).toContainText("链 0 — 超出深度上限，运行会在此处被拒绝");
  await expect(builder.preview().getByTestId("preview-status")).toHaveText(/^\d+ \/ \d+ 项$/);
  await bothSizes(page, "builder-depth", () =>
    page.getByTestId("section-subagents").scrollIntoViewIfNeeded(),
  );
  await page.context().close();
});
