import { ADMIN, expect, PASSWORD, screenshot, test, USER } from "./fixtures";
import { AuthPage } from "./pages/auth-page";
import { ChatPage } from "./pages/chat-page";

test("the phone menu is a dialog: focus moves in, Escape closes it and focus returns", async ({
  userPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/agents");
  const opener = page.getByTestId("open-menu");
  await opener.click();
  const drawer = page.getByRole("dialog", { name: "menu" });
  await expect(drawer).toBeVisible();
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Tab never leaves the open drawer.
  for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("disabling an account asks first and can be undone", async ({ adminPage: page, browser }) => {
  const email = `disable-me-${Date.now()}@e2e.test`;
  const ctx = await browser.newContext();
  await new AuthPage(await ctx.newPage()).register({ name: "Dee Disable", email, password: PASSWORD });
  await ctx.close();

  await page.goto("/admin");
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row.getByTestId("user-status")).toHaveText("Active");
  await row.getByTestId("disable-user").click();
  const dialog = page.getByTestId("disable-dialog");
  await expect(dialog).toContainText(email);
  await screenshot(page, "admin-disable-dialog");
  // Cancelling changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByTestId("user-status")).toHaveText("Active");

  await row.getByTestId("disable-user").click();
  await page.getByTestId("disable-dialog-confirm").click();
  await expect(row.getByTestId("user-status")).toHaveText("Disabled");
  await expect(page.getByTestId("disable-undo-bar")).toContainText(email);
  await page.getByTestId("undo-disable").click();
  await expect(row.getByTestId("user-status")).toHaveText("Active");
  await expect(page.getByTestId("disable-undo-bar")).toHaveCount(0);
});

test("admin tables stack into labelled rows on a phone", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  const table = page.getByTestId("users-table");
  await expect(table.locator("thead")).toBeHidden();
  // No sideways scrolling inside the card: the table is as wide as its box.
  const overflow = await table.evaluate((el) => {
    const box = el.parentElement as HTMLElement;
    return box.scrollWidth - box.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  const label = await page
    .getByTestId(`user-row-${ADMIN.email}`)
    .locator("td")
    .nth(1)
    .evaluate((td) => getComputedStyle(td, "::before").content);
  expect(label).toBe('"Role"');
  await screenshot(page, "admin-users-phone");
});

test("on a phone, trace headers fit their block and the caret and branch switcher are real targets", async ({
  userPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 17 * 23 + 4\nWhat time is it?");
  await chat.waitForAnswer();
  const blocks = chat.subagentBlocks();
  await expect(blocks).toHaveCount(2);
  for (const block of await blocks.all()) {
    const overflow = await block.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const caret = await block.getByTestId("subagent-caret").boundingBox();
    expect(caret?.width).toBeGreaterThanOrEqual(24);
    expect(caret?.height).toBeGreaterThanOrEqual(24);
  }
  await page.getByTestId("regenerate").click();
  await chat.waitForAnswer();
  const previous = chat.lastAssistant().getByRole("button", { name: "Previous version" });
  const box = await previous.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
  // Reached by keyboard, it shows a focus ring.
  await previous.focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(previous).toBeFocused();
  const ring = await previous.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(ring).not.toBe("none");
  await screenshot(page, "chat-phone-trace");
});

test("on a touch phone the composer shows no keyboard hints and the builder's preview is a tap away", async ({
  browser,
}) => {
  const ctx = await browser.newContext({
    storageState: USER.state,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await ctx.newPage();
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  const input = page.getByTestId("composer-input");
  await expect(input).toHaveAttribute("placeholder", "Message Team Lead…");
  // Enter makes a new line on a touch keyboard; the button sends.
  await input.fill("Compute 2 + 2");
  await input.press("Enter");
  await input.pressSequentially("What time is it?");
  await expect(input).toHaveValue("Compute 2 + 2\nWhat time is it?");
  await screenshot(page, "chat-touch-composer");

  // The builder: the live preview is far below the switches; a floating button takes you there.
  await page.goto("/agents/new");
  const jump = page.getByTestId("preview-jump");
  await expect(jump).toBeVisible();
  await screenshot(page, "agents-builder-touch");
  await jump.tap();
  await expect(page.getByTestId("preview")).toBeInViewport();
  await expect(jump).toBeHidden();
  await ctx.close();

  // With a mouse and a keyboard, the hint is back.
  const desk = await browser.newContext({ storageState: USER.state });
  const deskPage = await desk.newPage();
  await new ChatPage(deskPage).openNew("Team Lead");
  await expect(deskPage.getByTestId("composer-input")).toHaveAttribute(
    "placeholder",
    "Message Team Lead…  (Enter to send, Shift+Enter for a new line)",
  );
  await desk.close();
});
