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

  formError() {
    return this.page.getByTestId("form-error");
  }

  fieldError(name: string) {
    return this.page.getByTestId(`error-${name}`);
  }
}
