import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Importing LibreChat's conversation export (issue 32) through the chat header's import: the tree
// with a branch opens as a conversation of the importer, the newest branch shown.

const ROOT = "00000000-0000-0000-0000-000000000000";
const EXPORT = {
  conversationId: "lc-e2e",
  endpoint: "openAI",
  title: "From LibreChat",
  recursive: true,
  messages: [
    {
      messageId: "u1",
      parentMessageId: ROOT,
      createdAt: "2024-05-01T16:35:11.530Z",
      isCreatedByUser: true,
      text: "What is a virtual environment?",
      children: [
        {
          messageId: "a1",
          parentMessageId: "u1",
          isCreatedByUser: false,
          text: "An isolated Python setup.",
          children: [],
        },
        {
          messageId: "a2",
          parentMessageId: "u1",
          isCreatedByUser: false,
          text: "A folder with its own packages.",
          children: [],
        },
      ],
    },
  ],
};

test("a LibreChat export is imported with its branches and opens as the importer's conversation", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Switcher", tag: "librechat" });
  const chat = new ChatPage(page);
  await page.goto("/chat");
  await page.getByTestId("export-menu").locator("summary").click();
  await page.getByTestId("import-file").setInputFiles({
    name: "librechat.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(EXPORT)),
  });
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  await expect(page.getByTestId("user-message")).toContainText("What is a virtual environment?");
  await expect(chat.lastAssistant()).toContainText("A folder with its own packages.");
  await expect(chat.lastAssistant().getByTestId("branch-switcher")).toContainText("2 / 2");
  // A finished answer: no status badge (an answer without a trace tree would say "running").
  await expect(chat.lastAssistant().getByTestId("trace-status")).toHaveCount(0);
  await expect(page.getByTestId("conversation-title")).toHaveText(["From LibreChat"]);
  await screenshot(page, "librechat-import");

  // A broken file says why, and nothing is opened.
  const url = page.url();
  await page.getByTestId("export-menu").locator("summary").click();
  await page.getByTestId("import-file").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ ...EXPORT, messages: [{ messageId: "x", text: "no author" }] })),
  });
  await expect(page.getByTestId("import-error")).toContainText("messages.0.isCreatedByUser");
  expect(page.url()).toBe(url);
});
