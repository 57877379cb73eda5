import { type Browser, test as base, expect, type Page } from "@playwright/test";
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

export { expect };

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** The page in light and in dark mode, into `dir` (`<name>-light.png`, `<name>-dark.png`). */
export async function shots(page: Page, dir: string, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** A fresh account registered in its own browser context (a new user with the starter team). */
export async function registerNewUser(
  browser: Browser,
  {
    name,
    tag,
    viewport,
    touch,
  }: {
    name: string;
    tag: string;
    viewport?: { width: number; height: number };
    /** A phone: touch input, so CSS sees a coarse pointer and no hover. */
    touch?: boolean;
  },
): Promise<{ page: Page; email: string }> {
  const email = `${tag}-${Date.now().toString(36)}@e2e.test`;
  const ctx = await browser.newContext({
    ...(viewport ? { viewport } : {}),
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await ctx.newPage();
  await new AuthPage(page).register({ name, email, password: PASSWORD });
  await expect(page).toHaveURL(/\/chat/);
  return { page, email };
}
