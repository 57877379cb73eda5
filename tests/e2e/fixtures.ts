import { test as base, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";

export const PASSWORD = "correct-horse-42";
// Sessions are saved per server port, so runs against different servers never share them.
const AUTH_DIR = `test-results/.auth/${process.env.E2E_PORT ?? 3100}`;
export const ADMIN = {
  name: "Ada Admin",
  email: "admin@e2e.test",
  password: PASSWORD,
  state: `${AUTH_DIR}/admin.json`,
};
export const USER = {
  name: "Uma User",
  email: "user@e2e.test",
  password: PASSWORD,
  state: `${AUTH_DIR}/user.json`,
};

/** Pages signed in as the admin and as a normal user, side by side in one test. */
export const test = base.extend<{ adminPage: Page; userPage: Page; auth: AuthPage }>({
  adminPage: async ({ browser }, use) => {
    const ctx = await browser.newContext({ storageState: ADMIN.state });
    await use(await ctx.newPage());
    await ctx.close();
  },
  userPage: async ({ browser }, use) => {
    const ctx = await browser.newContext({ storageState: USER.state });
    await use(await ctx.newPage());
    await ctx.close();
  },
  auth: async ({ page }, use) => {
    await use(new AuthPage(page));
  },
});

export { expect } from "@playwright/test";

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
