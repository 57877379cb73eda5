import { expect, registerNewUser, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Search over message text from the chat list (issue 32): a word inside an answer and a Chinese
// phrase inside a message; a result opens its conversation on the message, scrolled to and focused.

test("search finds text inside an answer and a Chinese phrase, and a result jumps to the message", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Search", tag: "search" });
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 6 * 7");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("42");
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  const first = new URL(page.url()).pathname;

  await chat.openNew("Researcher");
  await chat.send("我们明天去公园散步好吗");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  const second = new URL(page.url()).pathname;

  const search = page.getByTestId("conversation-search");
  await search.fill("42");
  const results = page.getByTestId("message-search-result");
  const answer = results.filter({ hasText: "Answer" }).first();
  await expect(answer.locator("mark").first()).toHaveText("42");
  await answer.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${first}\\?message=`));
  const messageId = new URL(page.url()).searchParams.get("message") as string;
  const target = page.locator(`[id="message-${messageId}"]`);
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await expect(target).toContainText("42");

  await search.fill("公园散步");
  // The user's message (the demo's answer may quote it too).
  const asked = results.filter({ hasText: "You" }).filter({ hasText: "公园散步" });
  await expect(asked).toHaveCount(1);
  await expect(asked.locator("mark")).toHaveText("公园散步");
  await asked.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${second}\\?message=`));
  const userMessage = page.getByTestId("user-message").filter({ hasText: "公园散步" });
  await expect(userMessage).toBeFocused();
  await expect(userMessage).toBeInViewport();
});

test("export a conversation as JSON, import the file, and the copy is in the list", async ({ browser }) => {
  const { page } = await registerNewUser(browser, { name: "Export", tag: "export" });
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 6 * 7");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  const original = new URL(page.url()).pathname;
  await page.goto(original);
  await expect(page.getByTestId("conversation-item")).toHaveCount(1);

  await page.getByTestId("export-menu").locator("summary").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-json").click(),
  ]);
  const path = await download.path();
  await page.getByTestId("import-file").setInputFiles(path);
  await expect(page).not.toHaveURL(original);
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  await expect(page.getByTestId("conversation-item")).toHaveCount(2);
  await expect(chat.lastAssistant()).toContainText("42");
});

test("fork from an answer: a new conversation with its delegations, which goes on with the same agent", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Fork", tag: "fork" });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 6 * 7\nWhat time is it?");
  await chat.waitForAnswer();
  await expect(chat.subagentBlocks()).toHaveCount(2);
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  const original = new URL(page.url()).pathname;
  await chat.lastAssistant().getByTestId("fork-message").click();
  await expect(page).not.toHaveURL(original);
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  await expect(page.getByTestId("conversation-item")).toHaveCount(2);
  await expect(chat.subagentBlocks()).toHaveCount(2);
  await expect(chat.lastAssistant()).toContainText("42");
  // The fork goes on with the lead: a new question delegates again.
  await chat.send("Compute 2 + 2\nWhat time is it?");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant().getByTestId("subagent-block")).toHaveCount(2);
});
