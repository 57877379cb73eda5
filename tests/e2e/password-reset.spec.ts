// "Forgot password" as a user does it. With mail: an app instance of its own sends the link
// through a local SMTP server (smtp-server from npm); the link sets a new password, once. Without
// mail (the shared e2e server): the page says to ask an administrator, who makes the link in
// Admin → Users to pass on.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { type Instance, killInstance, startInstance, waitReady } from "./cluster-helpers";
import { expect, PASSWORD, registerNewUser, screenshot, test } from "./fixtures";
import { AuthPage } from "./pages/auth-page";

const NEW_PASSWORD = "battery-staple-77";

test.describe("with a mail server", () => {
  test.describe.configure({ mode: "serial" });
  const inbox: string[] = [];
  let smtp: SMTPServer;
  let app: Instance;
  let db: { name: string; url: string };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        let body = "";
        stream.on("data", (c: Buffer) => {
          body += c.toString("utf8");
        });
        stream.on("end", () => {
          inbox.push(body);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    db = await createDatabase("delegate_reset");
    const port = Number(process.env.E2E_PORT ?? 3100) + 70;
    app = startInstance({
      index: 0,
      port,
      databaseUrl: db.url,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, AUTH_URL: `http://localhost:${port}` },
    });
    await waitReady(app);
  });
  test.afterAll(async () => {
    if (app) killInstance(app);
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    if (db) await dropDatabase(db.name).catch(() => {});
  });

  test("the mailed link sets a new password once; the old one stops working", async ({ browser }) => {
    const ctx = await browser.newContext({ baseURL: `http://localhost:${app.port}` });
    const page = await ctx.newPage();
    const auth = new AuthPage(page);
    const email = "rita@reset.test";
    await auth.register({ name: "Rita Reset", email, password: PASSWORD });
    await expect(page).toHaveURL(/\/chat/);
    await auth.signOut();

    await page.getByTestId("forgot-password-link").click();
    await expect(page).toHaveURL(/\/forgot-password/);
    const form = page.getByTestId("forgot-form");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByTestId("reset-sent")).toBeVisible();
    await screenshot(page, "forgot-password-sent");
    await expect.poll(() => inbox.length).toBe(1);
    const body = inbox[0].replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /http:\/\/localhost:\d+\/reset-password\?token=pr_[A-Za-z0-9_-]{43}/.exec(body)?.[0] ?? "";
    expect(link).not.toBe("");

    await page.goto(link);
    await page.getByTestId("reset-form").getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByTestId("reset-done")).toBeVisible();
    // The link works once.
    await page.goto(link);
    await page.getByTestId("reset-form").getByLabel("New password").fill("another-pass-99");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByTestId("form-status")).toContainText("does not work any more");

    await auth.signIn({ email, password: PASSWORD });
    await expect(page).toHaveURL(/\/signin/);
    await auth.signIn({ email, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/chat/);
    await ctx.close();
  });
});

test("without mail, an admin makes the link in Admin → Users and passes it on", async ({
  adminPage,
  browser,
}) => {
  const { page: userPage, email } = await registerNewUser(browser, { name: "Lou Locked", tag: "reset" });
  await new AuthPage(userPage).signOut();
  await userPage.goto("/forgot-password");
  await expect(userPage.getByTestId("forgot-form")).toContainText("ask an administrator");

  await adminPage.goto("/admin");
  await adminPage
    .getByTestId(`user-row-${email}`)
    .getByRole("button", { name: `Make a password reset link for ${email}` })
    .click();
  const link = (await adminPage.getByTestId("reset-link").textContent())?.trim() ?? "";
  expect(link).toMatch(/\/reset-password\?token=pr_/);
  await screenshot(adminPage, "admin-reset-link");

  await userPage.goto(link);
  await userPage.getByTestId("reset-form").getByLabel("New password").fill(NEW_PASSWORD);
  await userPage.getByRole("button", { name: "Save the new password" }).click();
  await expect(userPage.getByTestId("reset-done")).toBeVisible();
  await new AuthPage(userPage).signIn({ email, password: NEW_PASSWORD });
  await expect(userPage).toHaveURL(/\/chat/);
});
