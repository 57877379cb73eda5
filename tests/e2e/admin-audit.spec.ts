import { expect, PASSWORD, shots, test } from "./fixtures";
import { AdminPage } from "./pages/admin-page";
import { AuthPage } from "./pages/auth-page";

// An admin action outside the quotas lands in the audit log, and the log filters by kind and user.
test("disabling an account is in the audit log, found by kind and by user", async ({
  adminPage: page,
  browser,
}) => {
  const email = `audit-me-${Date.now()}@e2e.test`;
  const ctx = await browser.newContext();
  await new AuthPage(await ctx.newPage()).register({ name: "Aud Itee", email, password: PASSWORD });
  await ctx.close();

  const admin = new AdminPage(page);
  await admin.open("users");
  await admin.userRow(email).getByTestId("disable-user").click();
  await page.getByTestId("disable-dialog-confirm").click();
  await expect(admin.userRow(email).getByTestId("user-status")).toHaveText("Disabled");

  await admin.section("audit");
  await page.getByTestId("audit-kind").selectOption("user");
  await page.getByTestId("audit-user").selectOption(email);
  await page.getByTestId("audit-apply").click();
  await expect(page).toHaveURL(/kind=user/);
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText("Disabled");
  await expect(rows.first()).toContainText("no → yes");
  for (const [name, width] of [
    ["desktop", 1440],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await shots(page, "/tmp/shots-ux", `admin-audit-filtered-${name}`);
  }
});
