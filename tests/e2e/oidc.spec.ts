// Sign-in through a real OpenID Provider (oidc-provider on loopback), as a team would set it up:
// an app instance of its own (a fresh database, so its first account is the admin) configured
// with AUTH_URL and AUTH_OIDC_*, driven in Chromium.
import { writeFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { OIDC_CLIENT, type RunningIdp, startOidcProvider, startSilentProvider } from "../helpers/oidc-idp";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { type Instance, killInstance, startInstance, waitReady } from "./cluster-helpers";
import { PASSWORD, screenshot } from "./fixtures";
import { AuthPage } from "./pages/auth-page";

const BASE = Number(process.env.E2E_PORT ?? 3100);
const APP_PORT = BASE + 2;
const IDP_PORT = BASE + 3;
// localhost, not 127.0.0.1: Next.js rewrites 127.0.0.1 in request URLs to localhost (see lib/env.ts).
const APP_URL = `http://localhost:${APP_PORT}`;
const IDP_URL = `http://127.0.0.1:${IDP_PORT}`;
const SSO = "Company SSO";
const TIMEOUT_MS = 2000;

let db: { name: string; url: string };
let app: Instance;
let idp: RunningIdp;
let sql: pg.Client;

test.describe.configure({ mode: "serial" });

async function startIdp() {
  idp = await startOidcProvider({ port: IDP_PORT, redirectUri: `${APP_URL}/api/auth/callback/oidc` });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  db = await createDatabase("delegate_e2e_oidc");
  await startIdp();
  app = startInstance({
    index: 0,
    port: APP_PORT,
    databaseUrl: db.url,
    env: {
      AUTH_URL: APP_URL,
      AUTH_OIDC_ISSUER: IDP_URL,
      AUTH_OIDC_ID: OIDC_CLIENT.id,
      AUTH_OIDC_SECRET: OIDC_CLIENT.secret,
      AUTH_OIDC_NAME: SSO,
      AUTH_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  await waitReady(app);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

test.afterAll(async () => {
  // The app's log, for a failure's post-mortem.
  if (app) writeFileSync(`test-results/oidc-app-${APP_PORT}.log`, app.output.join(""));
  await sql?.end();
  if (app) killInstance(app);
  await idp?.close();
  if (db) await dropDatabase(db.name);
});

async function freshPage(
  browser: Browser,
): Promise<{ page: Page; auth: AuthPage; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ baseURL: APP_URL });
  const page = await ctx.newPage();
  return { page, auth: new AuthPage(page), close: () => ctx.close() };
}

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  return (await sql.query(text, params)).rows[0] as T;
}

test("the provider signs people in: first account admin, the next a user, back in as the same user", async ({
  browser,
}) => {
  const ada = await freshPage(browser);
  await ada.page.goto("/signin");
  // The authorization request binds the answer to this browser three ways.
  const authorize = ada.page.waitForRequest((r) => r.url().startsWith(`${IDP_URL}/auth?`));
  await ada.auth.continueWith(SSO);
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get("redirect_uri")).toBe(`${APP_URL}/api/auth/callback/oidc`);
  expect(params.get("code_challenge_method")).toBe("S256");
  expect(params.get("state")).toBeTruthy();
  expect(params.get("nonce")).toBeTruthy();
  await ada.auth.passIdp("ada", /\/chat/);
  await expect(ada.page).toHaveURL(/\/chat/);
  await expect(ada.page.getByTestId("user-name")).toHaveText("Ada");
  await expect(ada.page.getByTestId("nav-admin")).toBeVisible();
  await screenshot(ada.page, "oidc-signed-in-admin");

  // The second account, from the register page's button.
  const bob = await freshPage(browser);
  await bob.page.goto("/register");
  await bob.auth.continueWith(SSO);
  await bob.auth.passIdp("bob", /\/chat/);
  await expect(bob.page.getByTestId("user-name")).toHaveText("Bob");
  await expect(bob.page.getByTestId("nav-admin")).toHaveCount(0);
  const first = await one<{ id: string; role: string }>(`SELECT id, role FROM "User" WHERE email = $1`, [
    "bob@idp.test",
  ]);
  expect(first.role).toBe("USER");

  await bob.auth.signOut();
  await bob.auth.continueWith(SSO);
  await bob.auth.passIdp("bob", /\/chat/);
  await expect(bob.page.getByTestId("user-name")).toHaveText("Bob");
  const users = await sql.query(`SELECT id FROM "User" WHERE email = 'bob@idp.test'`);
  expect(users.rows).toEqual([{ id: first.id }]);

  // What is kept of the provider: who the account is there, and that it vouched for the email.
  const account = await one<Record<string, unknown>>(
    `SELECT a.provider, a.access_token, a.id_token, a.refresh_token, u."emailVerified"
       FROM "Account" a JOIN "User" u ON u.id = a."userId" WHERE u.id = $1`,
    [first.id],
  );
  expect(account).toMatchObject({
    provider: "oidc",
    access_token: null,
    id_token: null,
    refresh_token: null,
  });
  expect(account.emailVerified).toBeInstanceOf(Date);
  await ada.close();
  await bob.close();
});

test("a disabled account gets no session through the provider, with the password path's message", async ({
  browser,
}) => {
  const eve = await freshPage(browser);
  await eve.page.goto("/signin");
  await eve.auth.continueWith(SSO);
  await eve.auth.passIdp("eve", /\/chat/);
  await eve.auth.signOut();
  const { id } = await one<{ id: string }>(
    `UPDATE "User" SET disabled = true WHERE email = 'eve@idp.test' RETURNING id`,
  );

  await eve.auth.continueWith(SSO);
  await eve.auth.passIdp("eve", /\/signin/);
  await expect(eve.auth.problem()).toHaveText("This account has been disabled. Contact your administrator.");
  expect((await sql.query(`SELECT 1 FROM "Session" WHERE "userId" = $1`, [id])).rowCount).toBe(0);
  await eve.page.goto("/chat");
  await expect(eve.page).toHaveURL(/\/signin/);
  await eve.close();
});

test("an email with a password account: told to sign in with the password and link the provider, which then works", async ({
  browser,
}) => {
  const dora = await freshPage(browser);
  await dora.auth.register({ name: "Dora", email: "dora@idp.test", password: PASSWORD });
  await expect(dora.page).toHaveURL(/\/chat/);
  await dora.auth.signOut();

  await dora.auth.continueWith(SSO);
  await dora.auth.passIdp("dora@idp.test", /\/signin/);
  await expect(dora.auth.problem()).toContainText(
    "Sign in with your email and password, then link Company SSO",
  );
  await screenshot(dora.page, "oidc-email-has-password");

  await dora.auth.signIn({ email: "dora@idp.test", password: PASSWORD });
  await expect(dora.page).toHaveURL(/\/chat/);
  await dora.page.goto("/settings");
  await dora.auth.continueWith(`Link ${SSO}`);
  await dora.auth.passIdp("dora@idp.test", /\/settings/);
  await expect(dora.page.getByTestId("method-oidc")).toContainText("Linked");

  await dora.auth.signOut();
  await dora.auth.continueWith(SSO);
  await dora.auth.passIdp("dora@idp.test", /\/chat/);
  await expect(dora.page.getByTestId("user-name")).toHaveText("Dora");
  await dora.close();
});

test("a provider that never answers, or is down, gives the sign-in page with a message", async ({
  browser,
}) => {
  const fay = await freshPage(browser);
  await idp.close();
  idp = await startSilentProvider({ port: IDP_PORT });
  try {
    await fay.page.goto("/signin");
    await fay.auth.continueWith(SSO);
    // Bounded by AUTH_PROVIDER_TIMEOUT_MS (2 s here), not by the socket's minutes.
    await expect(fay.auth.problem()).toHaveText(/Company SSO did not answer or refused the sign-in/, {
      timeout: 20_000,
    });
    await expect(fay.page).toHaveURL(/\/signin\?error=/);
    await screenshot(fay.page, "oidc-provider-silent");

    await idp.close();
    await fay.page.goto("/signin");
    await fay.auth.continueWith(SSO);
    await expect(fay.auth.problem()).toHaveText(/Company SSO did not answer/);
  } finally {
    await idp.close().catch(() => {});
    await startIdp();
    await fay.close();
  }
});

test("the server refuses to start with a provider but no public address (AUTH_URL)", async () => {
  const lone = startInstance({
    index: 1,
    port: BASE + 4,
    databaseUrl: db.url,
    env: { AUTH_URL: "", AUTH_OIDC_ISSUER: IDP_URL, AUTH_OIDC_ID: "x", AUTH_OIDC_SECRET: "y" },
  });
  test.setTimeout(150_000);
  try {
    await expect(waitReady(lone, 120_000)).rejects.toThrow(/AUTH_URL: required when a sign-in provider/);
  } finally {
    killInstance(lone);
    writeFileSync(`test-results/oidc-lone-${BASE + 4}.log`, lone.output.join(""));
  }
});
