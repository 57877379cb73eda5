import { expect, type Page } from "@playwright/test";

type Tab =
  | "users"
  | "registration"
  | "limits"
  | "balances"
  | "rate-limits"
  | "files"
  | "overrides"
  | "endpoints"
  | "tools"
  | "pricing"
  | "usage"
  | "audit";

/** The admin quota pages, as an admin uses them. */
export class AdminPage {
  constructor(readonly page: Page) {}

  async open(tab: Tab) {
    await this.page.goto("/admin");
    if (tab !== "users") await this.section(tab);
    await expect(this.page.getByTestId(`admin-tab-${tab}`)).toHaveAttribute("aria-current", "page");
  }

  /** Goes to a section from the admin menu (on a narrow screen, the menu opens first). */
  async section(tab: Tab) {
    const toggle = this.page.getByTestId("admin-nav-toggle");
    if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false")
      await toggle.click();
    await this.page.getByTestId(`admin-tab-${tab}`).click();
    await expect(this.page.getByTestId(`admin-tab-${tab}`)).toHaveAttribute("aria-current", "page");
  }

  /** Fills the given fields of a settings group and saves; returns the status line. */
  async saveSettings(
    group: "delegation" | "balances" | "rates" | "budgets" | "tools",
    values: Record<string, string | boolean>,
  ) {
    const form = this.page.getByTestId(`settings-form-${group}`);
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === "boolean") await form.getByTestId("balance-enabled").setChecked(value);
      else await form.getByTestId(`input-${key}`).fill(value);
    }
    await form.getByTestId(`save-${group}`).click();
    const status = form.getByTestId("form-status");
    await expect(status).toBeVisible();
    return status;
  }

  fieldError(name: string) {
    return this.page.getByTestId(`error-${name}`);
  }

  /** Grants tokens to, or sets the balance of, the user with this email. */
  async adjustBalance(email: string, mode: "grant" | "set", amount: number) {
    const form = this.page.getByTestId("balance-adjust-form");
    const value = await form.locator("option", { hasText: email }).getAttribute("value");
    await form.getByTestId("balance-user").selectOption(value as string);
    if (mode === "set") await form.getByTestId("balance-mode-set").check();
    else await form.locator('input[name="mode"][value="grant"]').check();
    await form.getByTestId("balance-amount").fill(String(amount));
    await form.getByTestId("balance-apply").click();
    const status = form.getByTestId("form-status");
    await expect(status).toBeVisible();
    return status;
  }

  /** Chooses the user on the overrides page and saves the given override fields. */
  async saveOverride(email: string, values: Record<string, string>) {
    const picker = this.page.getByTestId("override-user");
    const value = await picker.locator("option", { hasText: email }).getAttribute("value");
    await picker.selectOption(value as string);
    await expect(this.page).toHaveURL(/[?&]user=/);
    const form = this.page.getByTestId("override-form");
    for (const [key, v] of Object.entries(values)) await form.getByTestId(`override-${key}`).fill(v);
    await form.getByTestId("save-override").click();
    const status = form.getByTestId("form-status");
    await expect(status).toBeVisible();
    return status;
  }

  userRow(email: string) {
    return this.page.getByTestId(`user-row-${email}`);
  }

  async balanceOf(email: string): Promise<number> {
    const text = await this.userRow(email).getByTestId("user-balance").textContent();
    return Number((text ?? "").replace(/[^\d-]/g, ""));
  }
}
