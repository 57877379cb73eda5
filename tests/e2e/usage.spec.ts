import { readFileSync } from "node:fs";
import { expect, screenshot, test, USER } from "./fixtures";
import { AdminPage } from "./pages/admin-page";
import { ChatPage } from "./pages/chat-page";

// Admin → Pricing and the usage pages in a real browser: a price added appears in the table (a bad
// one is refused field by field), a user's answer shows up in their own usage (chart and tables)
// and in their CSV, the admin's CSV has every user's lines.

// A pattern no model of the other specs matches, so the price changes nobody's costs.
const PATTERN = `e2e-usage-${Date.now().toString(36)}*`;

test("an admin adds a price; it appears in the price table", async ({ adminPage: page }) => {
  const admin = new AdminPage(page);
  await admin.open("pricing");
  const form = page.getByTestId("price-form");
  await form.getByTestId("price-model").fill("not a model");
  await form.getByTestId("price-inputPerMTok").fill("-1");
  await form.getByTestId("price-add").click();
  await expect(page.getByTestId("error-model")).toContainText("no spaces");
  await expect(page.getByTestId("error-inputPerMTok")).toHaveText("A price can’t be negative.");
  await expect(page.getByTestId("error-outputPerMTok")).toHaveText("Enter a price (0 for free).");

  await form.getByTestId("price-model").fill(PATTERN);
  await form.getByTestId("price-inputPerMTok").fill("1.5");
  await form.getByTestId("price-outputPerMTok").fill("6");
  await form.getByTestId("price-add").click();
  await expect(form).toContainText("Price added.");
  const row = page.getByTestId("price-row-admin").filter({ hasText: PATTERN });
  await expect(row).toContainText("$1.50");
  await expect(row).toContainText("$6.00");
  await expect(row).toContainText("In force");
  // The shipped defaults are listed too, marked as such, with their source's date.
  await expect(page.getByTestId("price-row-default").filter({ hasText: "claude-sonnet-4*" })).toContainText(
    "Shipped default",
  );
  await expect(page.getByTestId("pricing-defaults-note")).toContainText("2026-12-04");
  await screenshot(page, "admin-pricing");
});

test("a user's answer shows in their usage page and CSV; the admin's CSV has everyone", async ({
  userPage,
  adminPage,
}) => {
  const chat = new ChatPage(userPage);
  await chat.openNew("Team Lead");
  await chat.send("Compute 6 * 7");
  await chat.waitForAnswer();

  await userPage.goto("/settings");
  await userPage.getByTestId("usage-link").click();
  await expect(userPage.getByTestId("usage-title")).toHaveText("My usage");
  await expect(userPage.getByTestId("usage-cost-chart")).toBeVisible();
  await expect(userPage.getByTestId("usage-chart")).toBeVisible();
  // The demo model is priced at 0: a known cost, not "unknown".
  await expect(userPage.getByTestId("usage-by-model-row").first()).toContainText("demo-delegator");
  await expect(userPage.getByTestId("usage-by-model-cost").first()).toHaveText("$0.00");
  await expect(userPage.getByTestId("usage-by-user")).toHaveCount(0);
  await screenshot(userPage, "settings-usage");

  const [download] = await Promise.all([
    userPage.waitForEvent("download"),
    userPage.getByTestId("usage-csv").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-usage-.*-30d\.csv$/);
  const csv = readFileSync(await download.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(csv[0]).toContain("user_email");
  expect(csv.length).toBeGreaterThan(1);
  for (const line of csv.slice(1)) expect(line.split(",")[1]).toBe(USER.email);

  await adminPage.goto("/admin/usage?days=7");
  await expect(adminPage.getByTestId("usage-by-user")).toContainText(USER.email);
  const [all] = await Promise.all([
    adminPage.waitForEvent("download"),
    adminPage.getByTestId("usage-csv").click(),
  ]);
  expect(all.suggestedFilename()).toMatch(/^all-users-usage-.*-7d\.csv$/);
  const emails = new Set(
    readFileSync(await all.path(), "utf8")
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(",")[1]),
  );
  expect(emails.has(USER.email)).toBe(true);
});

test("a user gets 404 for Admin → Pricing and the admin CSV", async ({ userPage }) => {
  const res = await userPage.goto("/admin/pricing");
  expect(res?.status()).toBe(404);
  expect((await userPage.request.get("/api/admin/usage/export")).status()).toBe(404);
});
