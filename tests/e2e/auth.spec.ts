import { expect, PASSWORD, screenshot, test, USER } from "./fixtures";

test("bad registration input gets clear errors and keeps what was typed", async ({ auth, page }) => {
  await auth.register({ name: "Weak", email: "weak@e2e.test", password: "short1" });
  await expect(auth.fieldError("password")).toContainText("at least 10 characters");
  await expect(page.getByLabel("Email")).toHaveValue("weak@e2e.test");
  await screenshot(page, "register-weak-password");

  await auth.register({ name: "Dup", email: USER.email, password: PASSWORD });
  await expect(auth.fieldError("email")).toContainText("already exists");

  await auth.register({ name: "", email: "nope", password: PASSWORD });
  await expect(auth.fieldError("name")).toHaveText("Enter your name.");
  await expect(auth.fieldError("email")).toHaveText("Enter a valid email address.");
});

test("register, sign out and sign in again", async ({ auth, page }) => {
  await auth.register({ name: "Nina New", email: "nina@e2e.test", password: PASSWORD });
  await expect(page).toHaveURL(/\/chat/);
  await expect(page.getByTestId("nav-admin")).toHaveCount(0);
  await auth.signOut();

  // Pages need a session.
  await page.goto("/agents");
  await expect(page).toHaveURL(/\/signin/);

  await auth.signIn({ email: "nina@e2e.test", password: "wrong-password-1" });
  await expect(auth.formError()).toHaveText("That email and password don't match an account.");
  await auth.signIn({ email: "nobody@e2e.test", password: PASSWORD });
  await expect(auth.formError()).toHaveText("That email and password don't match an account.");
  await screenshot(page, "signin-wrong-password");

  await auth.signIn({ email: "NINA@e2e.test", password: PASSWORD });
  await expect(page).toHaveURL(/\/chat/);
  await expect(page.getByTestId("user-name")).toHaveText("Nina New");
  await screenshot(page, "signed-in-shell");
});
