import { expect, type Locator, type Page } from "@playwright/test";

/** The agent list and the agent builder form, as a user sees them. */
export class AgentBuilderPage {
  constructor(readonly page: Page) {}

  async gotoList(search?: string) {
    await this.page.goto(search ? `/agents?q=${encodeURIComponent(search)}` : "/agents");
    await expect(this.page.getByTestId("agents-title")).toBeVisible();
  }

  async gotoNew() {
    await this.page.goto("/agents/new");
    await expect(this.page.getByTestId("agent-form")).toBeVisible();
  }

  async open(name: string) {
    await this.gotoList(name);
    await this.page.getByTestId(`agent-card-${name}`).getByTestId("agent-link").click();
    await expect(this.page.getByTestId("agent-title")).toHaveText(name);
  }

  /** The current page's agent id (on /agents/<id>). */
  agentId(): string {
    const m = /\/agents\/([^/?#]+)/.exec(this.page.url());
    if (!m || m[1] === "new") throw new Error(`not on an agent page: ${this.page.url()}`);
    return m[1];
  }

  async fillBasics({ name, description }: { name: string; description?: string }) {
    await this.page.getByLabel("Name", { exact: true }).fill(name);
    if (description !== undefined) await this.page.getByLabel("Description").fill(description);
  }

  async setSwitch(testId: "subagents-enabled" | "subagents-self", on: boolean) {
    const sw = this.page.getByTestId(testId);
    if ((await sw.getAttribute("aria-checked")) !== String(on)) await sw.click();
    await expect(sw).toHaveAttribute("aria-checked", String(on));
  }

  async addSubagent(name: string) {
    await this.page.getByTestId("subagent-search").fill(name);
    await this.page.getByTestId("subagent-picker").getByTestId(`pick-${name}`).click();
    await expect(this.child(name)).toBeVisible();
  }

  /** Adds a handoff edge to the agent named `target` (picked among the agents the user may use). */
  async addHandoff(target: string, when: string) {
    await this.page.getByTestId("add-handoff").click();
    const row = this.handoffs().last();
    await row.getByTestId("handoff-target").selectOption({ label: target });
    await row.getByTestId("handoff-description").fill(when);
  }

  handoffs(): Locator {
    return this.page.getByTestId("handoff");
  }

  child(name: string): Locator {
    return this.page.getByTestId(`child-${name}`);
  }

  counter(): Locator {
    return this.page.getByTestId("subagent-counter");
  }

  async save() {
    await this.page.getByTestId("save-agent").click();
  }

  /** Saves a new agent and waits for its page, where the confirmation is still shown. */
  async create() {
    await this.save();
    await expect(this.page).toHaveURL(/\/agents\/(?!new)[^/?]+$/);
    await expect(this.page.getByTestId("agent-form")).toBeVisible();
    await expect(this.page.getByTestId("form-saved")).toContainText("saved version 1");
  }

  async saveChanges() {
    await this.save();
    await expect(this.page.getByTestId("form-saved")).toBeVisible();
  }

  preview(): Locator {
    return this.page.getByTestId("preview");
  }

  /** Preview entries as "d<depth> <label>" lines, in tree order, once the preview settled. */
  async previewLines(): Promise<string[]> {
    await expect(this.preview()).toHaveAttribute("aria-busy", "false");
    const entries = this.preview().getByTestId("preview-entry");
    const out: string[] = [];
    for (const e of await entries.all()) {
      out.push(
        `d${await e.getAttribute("data-depth")} ${(await e.getByTestId("preview-entry-label").textContent())?.trim()}`,
      );
    }
    return out;
  }

  verdict(): Locator {
    return this.preview().getByTestId("preview-verdict");
  }

  fieldError(name: string): Locator {
    return this.page.getByTestId(`error-${name}`);
  }
}
