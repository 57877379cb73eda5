import { expect, PASSWORD, screenshot, test, USER } from "./fixtures";
import { AuthPage } from "./pages/auth-page";

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

  // A bad email and a short password are named together, and the password stays typed.
  await auth.register({ name: "Both", email: "nope", password: "short1" });
  await expect(auth.fieldError("email")).toHaveText("Enter a valid email address.");
  await expect(auth.fieldError("password")).toContainText("at least 10 characters");
  await expect(page.getByLabel("Password")).toHaveValue("short1");
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

test("sign out ends the session: a copy of the old cookie is refused; sign out everywhere ends the others", async ({
  auth,
  page,
  browser,
}) => {
  await auth.register({ name: "Sam Session", email: "sam@e2e.test", password: PASSWORD });
  await expect(page).toHaveURL(/\/chat/);
  const copied = await page.context().storageState();
  await auth.signOut();

  // Someone who copied the cookie before the sign-out gets nothing from it.
  const thief = await browser.newContext({ storageState: copied });
  const thiefPage = await thief.newPage();
  await thiefPage.goto("/chat");
  await expect(thiefPage).toHaveURL(/\/signin/);
  await thief.close();

  // Two devices; "sign out everywhere" on one ends the other at once.
  await auth.signIn({ email: "sam@e2e.test", password: PASSWORD });
  await expect(page).toHaveURL(/\/chat/);
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await new AuthPage(laptopPage).signIn({ email: "sam@e2e.test", password: PASSWORD });
  await expect(laptopPage).toHaveURL(/\/chat/);
  await page.goto("/settings");
  await screenshot(page, "settings-sessions");
  await page.getByTestId("sign-out-everywhere").click();
  await expect(page).toHaveURL(/\/signin/);
  await laptopPage.goto("/agents");
  await expect(laptopPage).toHaveURL(/\/signin/);
  await laptop.close();
});

test("registration closed, then invite-only with a single-use invite link", async ({
  adminPage,
  browser,
}) => {
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  try {
    await adminPage.goto("/admin/registration");
    await adminPage.getByTestId("registration-mode-closed").check();
    await adminPage.getByTestId("save-registration-mode").click();
    await expect(adminPage.getByTestId("form-status").first()).toHaveText(/Saved/);

    await anon.goto("/register");
    await expect(anon.getByTestId("registration-refused")).toContainText("Registration is closed");
    await expect(anon.getByTestId("register-form")).toHaveCount(0);
    await screenshot(anon, "register-closed");

    await adminPage.getByTestId("registration-mode-invite").check();
    await adminPage.getByTestId("save-registration-mode").click();
    await expect(adminPage.getByTestId("registration-effective")).toContainText("invite-only");
    await anon.goto("/register");
    await expect(anon.getByTestId("registration-refused")).toContainText("by invitation only");

    await adminPage.getByTestId("invite-note").fill("for Ivy");
    await adminPage.getByTestId("create-invite").click();
    const link = await adminPage.getByTestId("invite-link").inputValue();
    expect(link).toMatch(/\/register\?invite=/);
    await screenshot(adminPage, "admin-registration");

    await anon.goto(link);
    const form = anon.getByTestId("register-form");
    await form.getByLabel("Name").fill("Ivy Invited");
    await form.getByLabel("Email").fill("ivy@e2e.test");
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(anon).toHaveURL(/\/chat/);

    // The link worked once.
    const other = await browser.newPage();
    await other.goto(link);
    await expect(other.getByTestId("registration-refused")).toContainText("not valid");
    await other.close();
    await adminPage.goto("/admin/registration");
    await expect(adminPage.getByTestId("invite-row").first()).toContainText("Used by ivy@e2e.test");
  } finally {
    // Other tests register accounts: leave registration open.
    await adminPage.goto("/admin/registration");
    await adminPage.getByTestId("registration-mode-open").check();
    await adminPage.getByTestId("save-registration-mode").click();
    await expect(adminPage.getByTestId("registration-effective")).toContainText("open");
    await visitor.close();
  }
});

test("a new X-Forwarded-For on every guess does not escape the sign-in throttle", async ({ auth, page }) => {
  // Different unknown emails each time, so only the address can be what gets throttled. The app
  // trusts no proxy here, so it must use the socket address and ignore the forged headers.
  let throttled = false;
  for (let i = 0; i < 10 && !throttled; i++) {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${i}`, "X-Real-IP": `198.51.100.${i}` });
    await auth.signIn({ email: `ghost${i}@e2e.test`, password: "wrong-password-1" });
    await expect(auth.formError()).toBeVisible();
    throttled = /Too many failed sign-ins/.test((await auth.formError().textContent()) ?? "");
  }
  expect(throttled).toBe(true);
  await screenshot(page, "signin-throttled");
  // Once the wait is over, a successful sign-in clears the counter (later tests sign in from here).
  // The wait doubles with each failure, and on a slow machine an attempt can take longer than the
  // wait before it, so it may have grown past the first step: wait as long as the app says.
  const said = /Try again in (\d+) seconds/.exec((await auth.formError().textContent()) ?? "");
  const waitMs = Number(said?.[1] ?? 2) * 1000;
  test.setTimeout(waitMs + 90_000);
  await page.setExtraHTTPHeaders({});
  await expect
    .poll(
      async () => {
        await auth.signIn(USER);
        await page.waitForLoadState("networkidle");
        return page.url();
      },
      { timeout: waitMs + 40_000, intervals: [2_000] },
    )
    .toMatch(/\/chat/);
});
