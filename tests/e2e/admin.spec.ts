import { ADMIN, expect, screenshot, test, USER } from "./fixtures";

test("the first account is the admin and sees the users list", async ({ adminPage: page }) => {
  await page.goto("/chat");
  await page.getByTestId("nav-admin").click();
  await expect(page.getByTestId("admin-title")).toBeVisible();
  await expect(page.getByTestId(`user-row-${ADMIN.email}`)).toContainText("Admin");
  await expect(page.getByTestId(`user-row-${USER.email}`)).toContainText("User");
  await screenshot(page, "admin-users");
});

test("a normal user gets 404 from admin pages and the admin API", async ({ userPage: page }) => {
  await page.goto("/chat");
  await expect(page.getByTestId("nav-admin")).toHaveCount(0);
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: "not_found" });
});

test("dark mode sticks and the menu works on a phone", async ({ userPage: page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/chat");
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.getByTestId("theme-toggle").first().click();
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!dark);
  await page.getByTestId("open-menu").click();
  await expect(page.getByTestId("nav-agents").last()).toBeVisible();
  await screenshot(page, "phone-menu");
});
