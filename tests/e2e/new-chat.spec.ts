import type { Browser, Page } from "@playwright/test";
import { expect, registerNewUser, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Every way of starting a chat starts an empty one, and the next message opens a second
// conversation instead of joining the first (issue 25, item 1). Each test has its own user, so the
// conversation count read from the API is exactly this test's.

async function conversationTitles(page: Page): Promise<string[]> {
  const res = await page.request.get("/api/conversations");
  const body = (await res.json()) as { conversations: { title: string }[] };
  return body.conversations.map((c) => c.title);
}

async function firstChat(browser: Browser, tag: string, viewport?: { width: number; height: number }) {
  const { page } = await registerNewUser(browser, { name: `New ${tag}`, tag: `new-${tag}`, viewport });
  const chat = new ChatPage(page);
  await chat.openNew("Mathematician");
  await chat.send("Compute 2 * 3");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
  return { page, chat, first: new URL(page.url()).pathname };
}

/** After `start`, the view is empty; a message there becomes a conversation of its own. */
async function expectFreshChat(page: Page, chat: ChatPage, first: string) {
  await expect(page).toHaveURL(/\/chat(\?.*)?$/);
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  await expect(page.getByTestId("new-chat")).toBeVisible();
  await chat.send("Compute 3 * 4");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
  expect(new URL(page.url()).pathname).not.toBe(first);
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(chat.lastAssistant()).toContainText("12");
  expect((await conversationTitles(page)).length).toBe(2);
  // The first conversation kept its one exchange.
  await page.goto(first);
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("user-message")).toContainText("Compute 2 * 3");
}

test("+ New chat after a first answer starts a new conversation", async ({ browser }) => {
  const { page, chat, first } = await firstChat(browser, "button");
  await page.getByTestId("new-chat-button").first().click();
  await expectFreshChat(page, chat, first);
});

test("the Chat tab of the sidebar starts a new conversation", async ({ browser }) => {
  const { page, chat, first } = await firstChat(browser, "nav");
  await page.getByTestId("nav-chat").click();
  await expectFreshChat(page, chat, first);
});

test("an agent card's Chat button starts a new conversation with that agent", async ({ browser }) => {
  const { page, chat, first } = await firstChat(browser, "card");
  await page.getByTestId("nav-agents").click();
  await page.getByTestId("agent-card-Mathematician").getByTestId("agent-card-chat").click();
  await expectFreshChat(page, chat, first);
});

test("the new-chat shortcut starts a new conversation from the composer", async ({ browser }) => {
  const { page, chat, first } = await firstChat(browser, "keys");
  await page.getByTestId("composer-input").focus();
  await page.keyboard.press("ControlOrMeta+Shift+O");
  await expectFreshChat(page, chat, first);
});

test("on a phone, New chat in the chats drawer starts a new conversation", async ({ browser }) => {
  const { page, chat, first } = await firstChat(browser, "phone", { width: 390, height: 844 });
  await page.getByTestId("open-chats").click();
  await page.getByRole("dialog").getByTestId("new-chat-button").click();
  await expectFreshChat(page, chat, first);
});
