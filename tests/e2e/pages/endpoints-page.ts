import { expect, type Locator, type Page } from "@playwright/test";

/** The admin's model endpoints pages and the user's personal keys, as they are used in the browser. */
export class EndpointsPage {
  constructor(readonly page: Page) {}

  async gotoList() {
    await this.page.goto("/admin/endpoints");
    await expect(this.page.getByTestId("endpoints-title")).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByTestId(`endpoint-row-${name}`);
  }

  async gotoNew() {
    await this.gotoList();
    await this.page.getByTestId("add-endpoint").click();
    await expect(this.form()).toBeVisible();
  }

  async open(name: string) {
    await this.gotoList();
    await this.row(name).getByTestId("endpoint-edit").click();
    await expect(this.page.getByTestId("endpoint-title")).toHaveText(name);
  }

  form(): Locator {
    return this.page.getByTestId("endpoint-form");
  }

  async fill({
    name,
    protocol = "OpenAI-compatible",
    baseURL,
    apiKey,
  }: {
    name: string;
    protocol?: "OpenAI-compatible" | "Anthropic" | "Google";
    baseURL?: string;
    apiKey?: string;
  }) {
    await this.page.getByTestId("input-name").fill(name);
    await this.page.getByTestId("input-protocol").selectOption({ label: protocol });
    if (baseURL !== undefined) await this.page.getByTestId("input-baseURL").fill(baseURL);
    if (apiKey !== undefined) await this.page.getByTestId("input-apiKey").fill(apiKey);
  }

  async addHeader(name: string, value: string) {
    const index = await this.page.getByTestId("header-rows").locator("input[aria-label$='name']").count();
    await this.page.getByTestId("add-header").click();
    await this.page.getByTestId(`header-name-${index}`).fill(name);
    await this.page.getByTestId(`header-value-${index}`).fill(value);
  }

  /** Clicks "Fetch models" and returns the status line it shows. */
  async fetchModels(): Promise<Locator> {
    await this.page.getByTestId("fetch-models").click();
    const status = this.page.getByTestId("fetch-models-status");
    await expect(status).toBeVisible();
    return status;
  }

  models(): Locator {
    return this.page.getByTestId("input-models");
  }

  async setAllowUserKeys(on: boolean) {
    await this.page.getByTestId("input-allowUserKeys").setChecked(on);
  }

  async save() {
    await this.page.getByTestId("save-endpoint").click();
  }

  /** Saves a new endpoint and returns its id from the edit page it lands on. */
  async create(): Promise<string> {
    await this.save();
    await expect(this.page).toHaveURL(/\/admin\/endpoints\/(?!new)[^/?]+/);
    await expect(this.page.getByTestId("endpoint-title")).toBeVisible();
    return /\/admin\/endpoints\/([^/?#]+)/.exec(this.page.url())?.[1] as string;
  }

  storedKeyHint(): Locator {
    return this.page.getByTestId("stored-key-hint");
  }

  fieldError(name: string): Locator {
    return this.page.getByTestId(`error-${name}`);
  }

  status(): Locator {
    return this.page.getByTestId("form-status");
  }

  async delete() {
    await this.page.getByTestId("delete-endpoint").click();
    await this.page.getByTestId("delete-endpoint-dialog-confirm").click();
    await expect(this.page).toHaveURL(/\/admin\/endpoints$/);
  }

  // ── the user's settings page ──

  async gotoSettings() {
    await this.page.goto("/settings");
    await expect(this.page.getByTestId("settings-title")).toBeVisible();
  }

  personalKey(endpointName: string): Locator {
    return this.page.getByTestId(`personal-key-${endpointName}`);
  }

  async savePersonalKey(endpointName: string, key: string) {
    const card = this.personalKey(endpointName);
    await card.getByTestId("personal-key-input").fill(key);
    await card.getByTestId("personal-key-save").click();
    await expect(card.getByTestId("form-status")).toHaveText("Your key is saved.");
  }
}
