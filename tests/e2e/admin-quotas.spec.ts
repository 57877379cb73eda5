import type { Page } from "@playwright/test";
import { QUOTA_DEFAULTS } from "../../lib/quota/fields";
import { ADMIN, expect, screenshot, test, USER } from "./fixtures";
import { AdminPage } from "./pages/admin-page";

// The spec changes global settings that other specs rely on: put the defaults back afterwards
// (the user keeps a harmless override: 3 concurrent runs instead of 2).
test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ storageState: ADMIN.state });
  const res = await ctx.request.put("/api/admin/settings", { data: QUOTA_DEFAULTS });
  expect(res.status()).toBe(200);
  await ctx.close();
});

async function send(page: Page, text: string) {
  await page.goto("/chat");
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
}

test("an admin changes limits and balances, and the user feels the effect", async ({
  adminPage,
  userPage,
}) => {
  const admin = new AdminPage(adminPage);

  // Delegation limits: bad input saves nothing and says why; good input is saved and audited.
  await admin.open("limits");
  let status = await admin.saveSettings("delegation", { maxSubagentDepth: "11", recursionLimit: "90" });
  await expect(status).toContainText("Nothing was saved");
  await expect(admin.fieldError("maxSubagentDepth")).toHaveText("Use a number from 1 to 10.");
  await screenshot(adminPage, "admin-quotas-limits-error");
  await adminPage.reload();
  await expect(adminPage.getByTestId("input-maxSubagentDepth")).toHaveValue("5");
  status = await admin.saveSettings("delegation", { maxSubagentDepth: "3", recursionLimit: "90" });
  await expect(status).toContainText("Saved: Max subagent depth, Recursion limit.");
  await expect(adminPage.getByText("Child max turns = floor(90 / 3) = 30.")).toBeVisible();
  await screenshot(adminPage, "admin-quotas-limits");

  // Rate limit: one message per hour; the user's second message is refused with a 429 code.
  await admin.open("rate-limits");
  await admin.saveSettings("rates", { messagesPerWindow: "1", windowSeconds: "3600" });
  await send(userPage, "First message");
  await expect(userPage.getByTestId("assistant-message").last()).toBeVisible();
  await expect(userPage.getByTestId("chat-error")).toHaveCount(0);
  await send(userPage, "Second message");
  await expect(userPage.getByTestId("chat-error")).toHaveAttribute("data-code", "rate_limit:messages");
  await screenshot(userPage, "admin-quotas-user-rate-limited");

  // Balances on; the user's balance set to 0: the next message is refused for lack of tokens.
  await admin.saveSettings("rates", { messagesPerWindow: "40", windowSeconds: "60" });
  await admin.open("balances");
  await admin.saveSettings("balances", { balanceEnabled: true, startBalance: "1000" });
  await expect(await admin.adjustBalance(USER.email, "set", 0)).toContainText(`${USER.email}: balance`);
  await send(userPage, "Anything left?");
  await expect(userPage.getByTestId("chat-error")).toHaveAttribute("data-code", "limit:balance");
  await expect(userPage.getByTestId("chat-error")).toContainText("no tokens left");
  await screenshot(userPage, "admin-quotas-user-no-tokens");

  // A grant lets the user chat again, and the answer is charged to the balance.
  await expect(await admin.adjustBalance(USER.email, "grant", 5000)).toContainText("0 → 5,000 tokens");
  await screenshot(adminPage, "admin-quotas-balances");
  // A request the Team Lead splits between subagents, so part of the usage is theirs.
  await send(userPage, "Check the weather and summarise the news");
  await expect(userPage.getByTestId("assistant-message").last()).toBeVisible();
  await expect(userPage.getByTestId("chat-error")).toHaveCount(0);
  // The answer's model calls were charged (the users list is read fresh on each load).
  await admin.open("users");
  await expect
    .poll(async () => {
      await adminPage.reload();
      return admin.balanceOf(USER.email);
    })
    .toBeLessThan(5000);
  await screenshot(adminPage, "admin-quotas-users");

  // A per-user override: shown in the list and on the user's row.
  await admin.open("overrides");
  await expect(await admin.saveOverride(USER.email, { maxConcurrentRuns: "3" })).toContainText(
    "Saved: Concurrent runs per user.",
  );
  await expect(adminPage.getByTestId("override-list")).toContainText("Concurrent runs per user: 3");
  await screenshot(adminPage, "admin-quotas-overrides");

  // Usage overview and the audit log show what happened.
  await admin.open("usage");
  await expect(adminPage.getByTestId("usage-chart")).toBeVisible();
  await expect(adminPage.getByTestId("usage-by-user")).toContainText(USER.email);
  await expect(adminPage.getByTestId("usage-summary")).toContainText(/[1-9]\d*% spent by subagents/);
  await screenshot(adminPage, "admin-quotas-usage");
  await admin.open("audit");
  const log = adminPage.getByTestId("audit-log");
  await expect(log).toContainText("Max subagent depth");
  await expect(adminPage.getByTestId("audit-row").filter({ hasText: "Tokens granted" })).toContainText(
    "0 → 5,000",
  );
  await expect(
    adminPage.getByTestId("audit-row").filter({ hasText: "Concurrent runs per user" }),
  ).toContainText("(global) → 3");
  await expect(adminPage.getByTestId("audit-row").filter({ hasText: "Max subagent depth" })).toContainText(
    "5 → 3",
  );
  await screenshot(adminPage, "admin-quotas-audit");
});

test("a normal user can't see the quota pages or the settings API", async ({ userPage: page }) => {
  for (const path of ["/admin/limits", "/admin/balances", "/admin/usage", "/admin/audit"]) {
    expect((await page.goto(path))?.status()).toBe(404);
  }
  const api = await page.request.get("/api/admin/settings");
  expect(api.status()).toBe(404);
  const put = await page.request.put("/api/admin/settings", { data: { maxSubagentDepth: 1 } });
  expect(put.status()).toBe(404);
});

test("the quota pages fit a phone screen in dark mode", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/admin/balances");
  await expect(page.getByTestId("settings-form-balances")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "admin-quotas-phone-balances");
  await page.goto("/admin/usage");
  await expect(page.getByTestId("usage-chart")).toBeVisible();
  await screenshot(page, "admin-quotas-phone-usage");
});
