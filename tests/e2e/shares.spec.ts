import { ADMIN, expect, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Shared links end to end: created from the chat header, opened signed out (with the trace),
// revoked (then a 404 page); and a temporary chat: its banner, and it is not in the chat list.

test("a shared link opens signed out with its trace, and after revoking it is a 404", async ({ browser }) => {
  const ctx = await browser.newContext({ storageState: ADMIN.state });
  const page = await ctx.newPage();
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 6 * 7\nWhat time is it?");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);

  await page.getByTestId("share-conversation").click();
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("share-expiry").selectOption("7d");
  await dialog.getByTestId("share-create").click();
  const link = await dialog.getByTestId("share-link").inputValue();
  expect(link).toMatch(/\/share\/sh_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId("share-item")).toHaveCount(1);

  // Signed out: the conversation with its subagent blocks, no sidebar, noindex.
  const anon = await browser.newContext();
  const reader = await anon.newPage();
  await reader.goto(link);
  await expect(reader.getByTestId("shared-conversation")).toBeVisible();
  await expect(reader.getByTestId("user-message")).toContainText("Compute 6 * 7");
  await expect(reader.getByTestId("subagent-block").first()).toBeVisible();
  await expect(reader.getByTestId("conversation-list")).toHaveCount(0);
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(reader.locator('a[href^="/chat"]')).toHaveCount(0);

  // Revoked from Settings: the link is a 404 page.
  await page.goto("/settings");
  const section = page.getByTestId("shared-links-section");
  await expect(section.getByTestId("share-item").first()).toBeVisible();
  // Newest first: this test's link is the first (other specs may have left live links too).
  const live = await section.getByTestId("share-revoke").count();
  await section.getByTestId("share-item").first().getByTestId("share-revoke").click();
  await expect(section.getByTestId("share-revoke")).toHaveCount(live - 1);
  const gone = await reader.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(reader.getByTestId("share-not-found")).toBeVisible();
  await anon.close();
  await ctx.close();
});

test("a temporary chat shows its banner and stays out of the chat list", async ({ browser }) => {
  const ctx = await browser.newContext({ storageState: ADMIN.state });
  const page = await ctx.newPage();
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await page.getByTestId("temporary-toggle").check();
  await expect(page.getByTestId("temporary-banner")).toBeVisible();
  const text = `Temporary note ${Date.now()}`;
  await chat.send(text);
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
  // Reloaded, it is still marked, and the list doesn't have it.
  await page.reload();
  await expect(page.getByTestId("temporary-banner")).toBeVisible();
  await expect(page.getByTestId("assistant-message")).toHaveCount(1);
  await expect(page.getByTestId("conversation-list").first()).toBeVisible();
  await expect(page.getByTestId("conversation-list").first()).not.toContainText(text);
  // No link can be made to a chat that is about to be deleted.
  await expect(page.getByTestId("share-conversation")).toHaveCount(0);
  await ctx.close();
});
