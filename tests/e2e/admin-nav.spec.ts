import { expect, shots, test } from "./fixtures";
import { AdminPage } from "./pages/admin-page";

// The admin sections: a grouped side menu on a desktop, one row that opens the same list on a
// phone (before: tabs that wrapped at 1440 px and took four rows, ~260 px, at 390 px).
const SHOTS = "/tmp/shots-ux";

test("at 1440 px the admin sections are one column beside the page, not rows above it", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin/limits");
  const nav = page.getByTestId("admin-nav");
  const content = page.getByTestId("admin-content");
  const [navBox, contentBox] = [await nav.boundingBox(), await content.boundingBox()];
  if (!navBox || !contentBox) throw new Error("admin menu or content not laid out");
  // Beside the content, starting at its top, not above it.
  expect(navBox.x + navBox.width).toBeLessThanOrEqual(contentBox.x);
  expect(Math.abs(navBox.y - contentBox.y)).toBeLessThan(8);
  // Every section is visible, one per line: each link starts at the same x.
  const links = nav.getByRole("link");
  expect(await links.count()).toBe(13);
  const xs = await links.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().x)));
  expect(new Set(xs).size).toBe(1);
  await expect(page.getByTestId("admin-tab-limits")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("admin-nav-toggle")).toBeHidden();
  await shots(page, SHOTS, "admin-nav-desktop");
});

test("at 390 px the admin sections take one row that opens the grouped list", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  const nav = page.getByTestId("admin-nav");
  const toggle = page.getByTestId("admin-nav-toggle");
  await expect(toggle).toContainText("Users");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const closed = await nav.boundingBox();
  expect(closed?.height).toBeLessThanOrEqual(48);
  await expect(page.getByTestId("admin-tab-audit")).toBeHidden();
  await shots(page, SHOTS, "admin-nav-phone-closed");

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("admin-tab-audit")).toBeVisible();
  await shots(page, SHOTS, "admin-nav-phone-open");

  // Choosing a section navigates and folds the list back into one row naming it.
  await new AdminPage(page).section("audit");
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(toggle).toContainText("Audit log");
  await expect(page.getByTestId("admin-tab-audit")).toBeHidden();
  expect((await nav.boundingBox())?.height).toBeLessThanOrEqual(48);
});
