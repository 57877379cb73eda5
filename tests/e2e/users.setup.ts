import { expect, test } from "@playwright/test";
import { ADMIN, USER } from "./fixtures";
import { AuthPage } from "./pages/auth-page";

// Registers the admin (first account of the fresh database) and a normal user, and saves their sessions.
test("register the admin and a user", async ({ browser }) => {
  for (const who of [ADMIN, USER]) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await new AuthPage(page).register(who);
    await expect(page).toHaveURL(/\/chat/);
    await expect(page.getByTestId("user-name")).toHaveText(who.name);
    await ctx.storageState({ path: who.state });
    await ctx.close();
  }
});
