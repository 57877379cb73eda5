import { expect, type Page } from "@playwright/test";

/** The sign-in and register forms, as a user sees them. */
export class AuthPage {
  constructor(readonly page: Page) {}

  async register({ name, email, password }: { name: string; email: string; password: string }) {
    await this.page.goto("/register");
    const form = this.page.getByTestId("register-form");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Create account" }).click();
  }

  async signIn({ email, password }: { email: string; password: string }) {
    await this.page.goto("/signin");
    const form = this.page.getByTestId("signin-form");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Sign in" }).click();
  }

  async signOut() {
    const button = this.page.getByTestId("sign-out");
    if (!(await button.isVisible())) await this.page.getByTestId("open-menu").click();
    await this.page.getByTestId("sign-out").last().click();
    await expect(this.page).toHaveURL(/\/signin/);
  }

  /** Clicks the button of a sign-in provider (under the sign-in or register form, or in Settings). */
  async continueWith(label: string) {
    this.clickedOn = this.page.url();
    await this.page.getByRole("button", { name: label }).click();
  }

  /** The page a provider button was last clicked on (see passIdp). */
  private clickedOn: string | undefined;

  /**
   * Through the OpenID Provider's development pages (tests/helpers/oidc-idp.ts) until the browser
   * is back on `landing`: signs in as `login` and consents when asked (a provider that remembers
   * the browser asks neither and sends it straight back).
   */
  async passIdp(login: string, landing: RegExp) {
    const atIdp = (url: URL) => url.pathname.startsWith("/interaction/");
    // The page the button was clicked on may match `landing` too (/signin): wait to leave it.
    // Taken at the click: a provider that remembers the browser may have sent it back already.
    const start = this.clickedOn ?? this.page.url();
    this.clickedOn = undefined;
    const landed = (url: URL) => url.href !== start && landing.test(url.href);
    for (let step = 0; step < 4; step++) {
      await this.page.waitForURL((url) => atIdp(url) || landed(url));
      if (!atIdp(new URL(this.page.url()))) return;
      const loginField = this.page.locator('input[name="login"]');
      const consent = this.page.getByRole("button", { name: "Continue" });
      await expect(loginField.or(consent)).toBeVisible();
      const before = this.page.url();
      if (await loginField.isVisible()) {
        await loginField.fill(login);
        await this.page.locator('input[name="password"]').fill("any-password");
        await this.page.getByRole("button", { name: "Sign-in" }).click();
      } else {
        await consent.click();
      }
      await this.page.waitForURL((url) => url.href !== before);
    }
    throw new Error(`still at the identity provider: ${this.page.url()}`);
  }

  problem() {
    return this.page.getByTestId("signin-problem");
  }

  formError() {
    return this.page.getByTestId("form-error");
  }

  fieldError(name: string) {
    return this.page.getByTestId(`error-${name}`);
  }
}
