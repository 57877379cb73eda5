import { expect, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

test("a newcomer chats with the demo team: parallel trace blocks, expand, reload, stop", async ({
  userPage: page,
}) => {
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await expect(page.getByTestId("demo-label")).toBeVisible();

  // Shift+Enter makes a new line instead of sending.
  const input = page.getByTestId("composer-input");
  await input.fill("Compute 17 * 23 + 4");
  await input.press("Shift+Enter");
  await input.pressSequentially("What time is it?");
  await expect(input).toHaveValue("Compute 17 * 23 + 4\nWhat time is it?");
  // A demo child runs for about a second: its statuses are recorded as they show, not read later.
  const statuses = await chat.watchSubagentStatuses();
  await input.press("Enter");

  // Both delegations appear while they run, side by side.
  const blocks = chat.subagentBlocks();
  await expect(blocks).toHaveCount(2, { timeout: 20_000 });
  await screenshot(page, "chat-streaming");

  await chat.waitForAnswer();
  const seen = Object.values(await statuses());
  expect(seen).toHaveLength(2);
  for (const list of seen) expect(list).toEqual(["running", "completed"]);
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
  await expect(blocks.nth(0).getByTestId("subagent-name")).toHaveText("Mathematician");
  await expect(blocks.nth(1).getByTestId("subagent-name")).toHaveText("Researcher");
  for (const status of await blocks.evaluateAll((els) => els.map((e) => e.getAttribute("data-status")))) {
    expect(status).toBe("completed");
  }
  await expect(chat.lastAssistant()).toContainText("395");
  await expect(page.getByTestId("message-usage")).toContainText("by subagents");

  // Expand one block with the keyboard: the child's own tool call is inside.
  await blocks.first().getByTestId("subagent-toggle").focus();
  await page.keyboard.press("Enter");
  const opened = blocks.first().getByTestId("subagent-content");
  await expect(opened).toBeVisible();
  await expect(opened.getByTestId("tool-call")).toContainText("calculator");
  await screenshot(page, "chat-expanded");

  // After a reload the same tree is there, collapsed.
  await page.reload();
  await expect(chat.subagentBlocks()).toHaveCount(2);
  await expect(chat.subagentBlocks().first().getByTestId("subagent-content")).toHaveCount(0);
  await expect(chat.subagentBlocks().first()).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("conversation-item").first()).toContainText("Compute 17 * 23 + 4");

  // Send again and press Stop while the subagents run: the partial answer stays, marked stopped.
  await chat.send("Compute 2 + 2\nWhat time is it?\nCompute 9 * 9");
  await expect(chat.subagentBlocks()).toHaveCount(5, { timeout: 20_000 });
  await chat.stop();
  await chat.waitForAnswer("STOPPED");
  await expect(chat.lastAssistant().getByTestId("trace-status").first()).toHaveText("stopped");
  await screenshot(page, "chat-stopped");
  await page.reload();
  await chat.waitForAnswer("STOPPED");
  await expect(chat.lastAssistant().getByTestId("subagent-block")).toHaveCount(3);
});

test("reloading while an answer streams reattaches to the live run", async ({ userPage: page }) => {
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 3 * 3\nWhat time is it?");
  await expect(chat.subagentBlocks()).toHaveCount(2, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
  await page.reload();
  // The stream continues after the reload and finishes with both children done.
  await chat.waitForAnswer();
  await expect(chat.subagentBlocks()).toHaveCount(2);
  await expect(chat.lastAssistant()).toContainText("Summary");
});

test("regenerate and edit keep the old branches", async ({ userPage: page }) => {
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 6 * 7");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("42");

  await page.getByTestId("regenerate").click();
  await chat.waitForAnswer();
  await expect(chat.lastAssistant().getByTestId("branch-switcher")).toContainText("2 / 2");

  await page.getByTestId("edit-message").first().click();
  await page.getByTestId("edit-input").fill("Compute 6 * 8");
  await page.getByTestId("edit-send").click();
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("48");
  const userSwitch = page.getByTestId("user-message").first().getByTestId("branch-switcher");
  await expect(userSwitch).toContainText("2 / 2");
  await userSwitch.getByRole("button", { name: "Previous version" }).click();
  await expect(page.getByTestId("user-message").first()).toContainText("Compute 6 * 7");
  await screenshot(page, "chat-branches");
});

test("conversations can be searched, renamed and deleted; other users can't open them", async ({
  userPage: page,
  adminPage,
}) => {
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 1 + 1");
  await chat.waitForAnswer();
  const url = page.url();

  await page.getByTestId("conversation-search").fill("1 + 1");
  await expect(page.getByTestId("conversation-item")).toHaveCount(1);
  const item = page.getByTestId("conversation-item").first();
  await item.hover();
  await item.getByTestId("rename-conversation").click();
  await page.getByTestId("rename-input").fill("Arithmetic warm-up");
  await page.getByTestId("rename-input").press("Enter");
  await page.getByTestId("conversation-search").fill("warm-up");
  await expect(page.getByTestId("conversation-title")).toHaveText(["Arithmetic warm-up"]);

  // The admin is another user: the conversation does not exist for them.
  const res = await adminPage.goto(url);
  expect(res?.status()).toBe(404);
  const api = await adminPage.request.get(url.replace("/chat/", "/api/conversations/"));
  expect(api.status()).toBe(404); // the same answer as for a conversation that does not exist

  await item.hover();
  await item.getByTestId("delete-conversation").click();
  await item.getByTestId("confirm-delete").click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId("conversation-item")).toHaveCount(0);
});

test("the chat works on a phone: conversations drawer and composer", async ({ userPage: page }) => {
  await page.setViewportSize({ width: 390, height: 820 });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 5 * 5\nWhat time is it?");
  await chat.waitForAnswer();
  await expect(chat.subagentBlocks()).toHaveCount(2);
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, "chat-phone");
  await page.getByTestId("open-chats").click();
  await expect(page.getByTestId("conversation-list").last()).toBeVisible();
  await screenshot(page, "chat-phone-drawer");
});
