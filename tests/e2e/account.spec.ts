import { expect, PASSWORD, registerNewUser, screenshot, test } from "./fixtures";
import { AuthPage } from "./pages/auth-page";

// Settings → Account as a user does it: a new name shows in the sidebar at once; a wrong current
// password is refused beside its field; a new password works at the next sign-in and the old one
// no longer does; another device signed in before the change is signed out.
test("rename, then change the password: the old one stops working, other devices are signed out", async ({
  browser,
}) => {
  const { page, email } = await registerNewUser(browser, { name: "Acct User", tag: "account" });
  // A second device, signed in before the change.
  const other = await (await browser.newContext()).newPage();
  await new AuthPage(other).signIn({ email, password: PASSWORD });
  await expect(other).toHaveURL(/\/chat/);

  await page.goto("/settings");
  const profile = page.getByTestId("profile-form");
  await profile.getByLabel("Name").fill("Ada Account");
  await profile.getByTestId("save-name").click();
  await expect(profile.getByTestId("form-status")).toHaveText("Name saved.");
  await expect(page.getByTestId("user-name").first()).toHaveText("Ada Account");

  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password").fill("not-the-password-9");
  await form.getByLabel("New password").fill("battery-staple-77");
  await form.getByTestId("save-password").click();
  await expect(form.getByTestId("error-current")).toHaveText("That is not your current password.");
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("battery-staple-77");
  await form.getByTestId("save-password").click();
  await expect(form.getByTestId("form-status")).toHaveText(
    "Password changed. 1 other session was signed out.",
  );
  await screenshot(page, "settings-account");

  // This device stays signed in; the other one is sent to sign in.
  await page.reload();
  await expect(page.getByTestId("settings-title")).toBeVisible();
  await other.goto("/chat");
  await expect(other).toHaveURL(/\/signin/);
  const auth = new AuthPage(other);
  await auth.signIn({ email, password: PASSWORD });
  await expect(other.getByRole("alert")).toBeVisible();
  await expect(other).toHaveURL(/\/signin/);
  await auth.signIn({ email, password: "battery-staple-77" });
  await expect(other).toHaveURL(/\/chat/);
});
