import { expect, type Page } from "@playwright/test";

/** The chat as a user drives it. */
export class ChatPage {
  constructor(readonly page: Page) {}

  async openNew(agentName?: string) {
    await this.page.goto("/chat");
    if (agentName) {
      const select = this.page.getByTestId("agent-select");
      const value = await select.locator("option", { hasText: agentName }).first().getAttribute("value");
      await select.selectOption(value as string);
    }
  }

  async send(text: string) {
    const input = this.page.getByTestId("composer-input");
    await input.fill(text);
    await input.press("Enter");
  }

  subagentBlocks() {
    return this.page.getByTestId("subagent-block");
  }

  lastAssistant() {
    return this.page.getByTestId("assistant-message").last();
  }

  async waitForAnswer(status: "COMPLETE" | "STOPPED" | "FAILED" = "COMPLETE") {
    await expect(this.lastAssistant()).toHaveAttribute("data-status", status, { timeout: 45_000 });
  }

  async stop() {
    await this.page.getByTestId("stop-button").click();
  }
}
