import { type Browser, test as base, type Page } from "@playwright/test";
import { ADMIN, expect, PASSWORD, registerNewUser, shots } from "./fixtures";
import { AdminPage } from "./pages/admin-page";
import { ChatPage } from "./pages/chat-page";

// The chat in Simplified Chinese (issue 27): what a zh-CN browser shows, and an input method's
// Enter that must not send. Each test signs up its own user.

const test = base;
// Screenshots for people to look at; not kept in the repository.
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/i18n-chat-shots";

/**
 * A new account registered from a browser whose language is zh-CN (Playwright sends it as
 * Accept-Language). The form is filled by its field names, which read the same in any language.
 */
async function newChineseUser(
  browser: Browser,
  email = `zh-${Date.now().toString(36)}@e2e.test`,
): Promise<Page> {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await page.goto("/register");
  const form = page.getByTestId("register-form");
  await form.locator('input[name="name"]').fill("中文用户");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/chat/);
  return page;
}

/** A keydown of Enter that an input method sends while it composes, dispatched on the composer. */
function composingEnter(page: Page, init: { isComposing?: boolean; keyCode?: number }) {
  return page
    .getByTestId("composer-input")
    .evaluate(
      (el, options) =>
        el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, ...options })),
      init,
    );
}

test("Enter that confirms an input method's composition does not send; a plain Enter then does", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "IME user", tag: "ime" });
  const chat = new ChatPage(page);
  await chat.openNew();
  const input = page.getByTestId("composer-input");
  await input.fill("你好");

  // Chromium and Firefox mark the composition's Enter with isComposing; Safari with keyCode 229.
  await composingEnter(page, { isComposing: true });
  await composingEnter(page, { keyCode: 229 });
  // Give a send the time it would take to show its optimistic message.
  await page.waitForTimeout(500);
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  await expect(input).toHaveValue("你好");

  await input.press("Enter");
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("user-message")).toContainText("你好");
  await expect(input).toHaveValue("");
  await chat.waitForAnswer();
});

test("a zh-CN browser sees the chat in Chinese: trace blocks, stats, composer and the sidebar", async ({
  browser,
}) => {
  // A sign-up, a delegating answer and six screenshots: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const page = await newChineseUser(browser);
  const chat = new ChatPage(page);
  await chat.openNew();
  // The starter team's delegating lead is the first agent of a new account.
  await expect(page.getByTestId("new-chat")).toContainText("此智能体可以委派");
  await expect(page.getByTestId("composer-input")).toHaveAttribute(
    "placeholder",
    /^给 .+ 发消息… {2}（Enter 发送，Shift\+Enter 换行）$/,
  );

  // The first example request is Chinese, and the demo splits it into two delegations.
  const starter = page.getByTestId("starter").first();
  await expect(starter).toHaveText(/^计算 17 \* 23 \+ 4\s+现在几点？$/);
  await starter.click();
  const blocks = chat.subagentBlocks();
  await expect(blocks).toHaveCount(2, { timeout: 20_000 });
  await chat.waitForAnswer();

  // Each delegation: its status, mode and stats in Chinese units.
  for (const block of await blocks.all()) {
    await expect(block.getByTestId("trace-status")).toHaveText("已完成");
    await expect(block).toContainText("隔离");
    // Tokens, the cost (the demo is priced at 0, in the reader's number format) and the time.
    await expect(block.getByTestId("subagent-stats")).toHaveText(
      /^(\d+ token · )?US\$0\.00 · \d+(\.\d)?(秒|ms)$/,
    );
  }
  await expect(page.getByTestId("message-cost")).toHaveText("费用 US$0.00");
  await expect(page.getByTestId("conversation-cost")).toHaveText("会话合计：US$0.00");
  await expect(page.getByTestId("message-usage")).toContainText(/^输入 .+ · 输出 .+ · \d+% 由子智能体产生$/);
  await expect(page.getByTestId("regenerate")).toHaveText("重新生成");

  // Opened, a block shows its child's tool call with Chinese labels.
  await blocks.first().getByTestId("subagent-toggle").click();
  const call = blocks.first().getByTestId("tool-call").first();
  await call.getByRole("button").first().click();
  await expect(call.getByTestId("tool-call-details")).toContainText("参数");
  await expect(call.getByTestId("tool-call-details")).toContainText("结果");

  // The sidebar: the conversation under "Today", the search box and the new-chat button.
  const sidebar = page.getByRole("complementary", { name: "会话" });
  await expect(sidebar.getByTestId("conversation-group").first()).toHaveText("今天");
  await expect(sidebar.getByTestId("conversation-search")).toHaveAttribute("placeholder", "搜索会话");
  await expect(sidebar.getByTestId("new-chat-button")).toHaveText("+ 新会话");
  await shots(page, SHOTS, "chat-zh-1440");

  // A phone: the chats open in a drawer, grouped the same way.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("open-chats").click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByTestId("conversation-group").first()).toHaveText("今天");
  await shots(page, SHOTS, "chat-zh-390-drawer");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("open-chats")).toHaveText("会话");
  await shots(page, SHOTS, "chat-zh-390");
  await page.context().close();
});

test("a wrong field, and an answer the balance ended early, read in Chinese (stored in English, worded when shown)", async ({
  browser,
}) => {
  // Two delegating answers and an admin: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const email = `zh-balance-${Date.now().toString(36)}@e2e.test`;
  const page = await newChineseUser(browser, email);
  const adminCtx = await browser.newContext({ storageState: ADMIN.state, locale: "zh-CN" });
  const admin = new AdminPage(await adminCtx.newPage());

  // A field out of its range: nothing is saved, and the field says why in Chinese.
  await admin.open("overrides");
  const status = await admin.saveOverride(email, { maxSubagentDepth: "0" });
  await expect(status).toContainText("未保存任何内容");
  await expect(admin.fieldError("maxSubagentDepth")).toHaveText("请输入 1 到 10 之间的数字。");
  await shots(admin.page, SHOTS, "override-error-zh");

  // Balances on for this user, in one save.
  const form = admin.page.getByTestId("override-form");
  await form.locator('select[name="balanceEnabled"]').selectOption("true");
  for (const [key, value] of [
    ["maxSubagentDepth", ""],
    ["startBalance", "100000"],
    ["refillAmount", "0"],
    ["messagesPerWindow", "0"],
  ])
    await form.getByTestId(`override-${key}`).fill(value);
  await form.getByTestId("save-override").click();
  await expect(form.getByTestId("form-status")).toContainText("已保存");

  // What one delegating answer costs; then a little less, so the balance runs out at the lead's
  // last call: the children have finished, and the answer shows what they did.
  const chat = new ChatPage(page);
  const badge = page.getByTestId("balance-badge");
  const TASKS = "Compute 2 + 2\nWhat time is it?\nCompute 9 * 9";
  await chat.openNew();
  await expect(badge).toHaveAttribute("data-balance", "100000");
  await chat.send(TASKS);
  await chat.waitForAnswer();
  // The answer's own cost, as the badge counted it live; the conversation's title (the demo titles
  // an English question in English) is charged after the answer (a few hundred tokens): wait for
  // it, so it is not taken after the reset below.
  const spent = 100_000 - Number(await badge.getAttribute("data-balance"));
  await expect(page.getByTestId("conversation-list").first()).toContainText("(demo title)");
  await page.reload();
  await admin.open("balances");
  await admin.adjustBalance(email, "set", spent - 20);
  await adminCtx.close();

  await chat.openNew();
  await chat.send(TASKS);
  await chat.waitForAnswer("FAILED");
  const answer = chat.lastAssistant();
  const endedEarly = async () => {
    // The engine's error is English; the answer's error is worded from its code for this reader.
    await expect(answer.getByTestId("message-error")).toContainText("你的 token 余额在此回答过程中用完了。");
    await expect(answer.getByTestId("trace-status").first()).toHaveText("已停止：余额已用完");
    // What the children had finished is shown under the reason, in Chinese.
    const done = await answer.locator('[data-testid="subagent-block"][data-status="completed"]').count();
    expect(done).toBeGreaterThan(0);
    await expect(answer.getByTestId("ended-early-item")).toHaveCount(done);
    await expect(answer.getByTestId("ended-early")).toContainText(
      new RegExp(`^余额用完前已完成（${done}/\\d+ 个委派）`),
    );
    // A block the empty balance stopped (if one was still running) says so too.
    const stopped = answer.locator('[data-testid="subagent-block"][data-status="stopped"]');
    for (const block of await stopped.all())
      await expect(block.getByTestId("subagent-stop-reason")).toHaveText("— 余额已用完");
  };
  await endedEarly();
  await shots(page, SHOTS, "balance-ran-out-zh");
  // Read again from the database: the same words.
  await page.reload();
  await endedEarly();
  await page.context().close();
});
