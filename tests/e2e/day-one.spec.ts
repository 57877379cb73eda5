import type { Browser } from "@playwright/test";
import { expect, registerNewUser, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";

// Day-one defects a new user hit (issue 25): managing chats on a phone, and the keyboard.

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/day-one-shots";
const newUser = (browser: Browser, tag: string, opts: { touch?: boolean } = {}) =>
  registerNewUser(browser, {
    name: `Day ${tag}`,
    tag: `day-${tag}`,
    ...(opts.touch ? { viewport: { width: 390, height: 844 }, touch: true } : {}),
  });

test("on a touch phone every chat has a ⋯ menu that renames and deletes it", async ({ browser }) => {
  const { page } = await newUser(browser, "touch", { touch: true });
  const chat = new ChatPage(page);
  // On a touch screen Enter makes a new line: the button sends.
  for (const task of ["Compute 2 * 3", "Compute 4 * 5"]) {
    await chat.openNew("Mathematician");
    await page.getByTestId("composer-input").fill(task);
    await page.getByTestId("send-button").tap();
    await chat.waitForAnswer();
  }

  await page.getByTestId("open-chats").tap();
  const drawer = page.getByRole("dialog");
  const items = drawer.getByTestId("conversation-item");
  await expect(items).toHaveCount(2);
  // No hover on a phone: the menu button is there without it, the desktop icons are not.
  await expect(items.first().getByTestId("conversation-menu")).toBeVisible();
  await expect(items.first().getByTestId("rename-conversation")).toBeHidden();
  await items.first().getByTestId("conversation-menu").tap();
  await page.screenshot({ path: `${SHOTS}/phone-chat-menu.png` });
  await drawer.getByTestId("menu-rename").tap();
  const input = drawer.getByTestId("rename-input");
  await input.fill("Renamed on the phone");
  await input.press("Enter");
  await expect(drawer.getByTestId("conversation-title").first()).toHaveText("Renamed on the phone");

  await items.nth(1).getByTestId("conversation-menu").tap();
  await drawer.getByTestId("menu-delete").tap();
  await drawer.getByTestId("confirm-delete").tap();
  await expect(items).toHaveCount(1);
  const res = await page.request.get("/api/conversations");
  const { conversations } = (await res.json()) as { conversations: { title: string }[] };
  expect(conversations.map((c) => c.title)).toEqual(["Renamed on the phone"]);
});

test("the keyboard: composer focused on open, skip link, shortcuts and their help, Escape stops", async ({
  browser,
}) => {
  const { page } = await newUser(browser, "keys");
  const chat = new ChatPage(page);
  const composer = page.getByTestId("composer-input");
  // A chat that opens is ready for typing, with a visible focus ring around the message box.
  await chat.openNew();
  await expect(composer).toBeFocused();
  const ring = await page.getByTestId("composer").evaluate((el) => getComputedStyle(el).boxShadow);
  expect(ring).not.toBe("none");

  // The skip link of a chat lands in the message box.
  const skip = page.getByTestId("skip-link");
  await expect(skip).toHaveText("Skip to message box");
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(composer).toBeFocused();

  // Ctrl+K searches chats, Shift+Escape comes back to the message box.
  await page.keyboard.press("ControlOrMeta+K");
  await expect(page.getByTestId("conversation-search").first()).toBeFocused();
  await page.keyboard.press("Shift+Escape");
  await expect(composer).toBeFocused();

  // "?" outside a text field lists the shortcuts; closing returns focus to where it was.
  const opener = page.getByTestId("nav-agents");
  await opener.focus();
  await page.keyboard.press("?");
  const help = page.getByTestId("shortcuts-dialog");
  await expect(help).toBeVisible();
  await expect(help).toContainText("New chat");
  await page.screenshot({ path: `${SHOTS}/shortcuts-dialog.png` });
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(opener).toBeFocused();
  // Typed into the message box, "?" is just a character.
  await composer.focus();
  await page.keyboard.press("?");
  await expect(help).toBeHidden();
  await expect(composer).toHaveValue("?");

  // Escape in the message box stops an answer that is being written.
  await chat.openNew("Team Lead");
  await composer.focus();
  await composer.fill("Compute 17 * 23 + 4\nWhat time is it?\nWrite a haiku about autumn");
  await composer.press("Enter");
  await expect(page.getByTestId("stop-button")).toBeVisible();
  await composer.press("Escape");
  await chat.waitForAnswer("STOPPED");
});

test("the first Tab stop of a page is a skip link to its content", async ({ browser }) => {
  const { page } = await newUser(browser, "skip");
  await page.goto("/agents");
  await page.keyboard.press("Tab");
  const skip = page.getByTestId("skip-link");
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveText("Skip to content");
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("closing a confirmation dialog returns focus to the button that opened it", async ({ browser }) => {
  const { page } = await newUser(browser, "dialog");
  await page.goto("/agents");
  const del = page.getByTestId("agent-card-Mathematician").getByTestId("delete-agent");
  await del.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("delete-dialog")).toBeVisible();
  await page.getByTestId("delete-dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("delete-dialog")).toBeHidden();
  await expect(del).toBeFocused();
});

test("adding subagents with the keyboard keeps focus in the picker", async ({ browser }) => {
  const { page } = await newUser(browser, "picker");
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.setSwitch("subagents-enabled", true);
  const picker = page.getByTestId("subagent-picker");
  const first = picker.locator('button[data-testid^="pick-"]').first();
  const name = (await first.getAttribute("data-testid"))?.replace("pick-", "") as string;
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(builder.child(name)).toBeVisible();
  // Focus went to the agent that took its place, so Enter adds the next one.
  const focused = picker.locator('button[data-testid^="pick-"]:focus');
  await expect(focused).toHaveCount(1);
  const next = (await focused.getAttribute("data-testid"))?.replace("pick-", "") as string;
  await page.keyboard.press("Enter");
  await expect(builder.child(next)).toBeVisible();
});
