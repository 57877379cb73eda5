import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Generated titles (issue 32): after the first answer the demo model writes a deterministic title,
// which the chat list shows without a reload; a rename is kept.

test("the first answer gives the conversation a generated title in the list, and a rename stays", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Titler", tag: "titles" });
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 6 * 7 for me please");
  await chat.waitForAnswer();
  const title = page.getByTestId("conversation-title");
  await expect(title).toHaveText(["Compute 6 * 7 for me (demo title)"]);
  await screenshot(page, "titles-generated");

  // A second answer keeps it; a rename replaces it for good.
  await chat.send("And 7 * 8?");
  await chat.waitForAnswer();
  await expect(title).toHaveText(["Compute 6 * 7 for me (demo title)"]);
  const item = page.getByTestId("conversation-item").first();
  await item.hover();
  await item.getByTestId("rename-conversation").click();
  await page.getByTestId("rename-input").fill("Times tables");
  await page.getByTestId("rename-input").press("Enter");
  await expect(title).toHaveText(["Times tables"]);
  await page.reload();
  await expect(title).toHaveText(["Times tables"]);

  // In Chinese, the title is in the question's language.
  await chat.openNew("Researcher");
  await chat.send("我们明天去公园散步好吗");
  await chat.waitForAnswer();
  await expect(title.first()).toHaveText("我们明天去公园散步好吗（演示标题）");
});
