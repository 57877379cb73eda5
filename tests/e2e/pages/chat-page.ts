import { expect, type Page } from "@playwright/test";

/** The chat as a user drives it. */
export class ChatPage {
  constructor(readonly page: Page) {}

  async openNew(agentName?: string) {
    await this.page.goto("/chat");
    if (agentName) await this.pickAgent(agentName);
  }

  /** Picks the agent with this exact name in the searchable agent picker. */
  async pickAgent(name: string) {
    await this.page.getByTestId("agent-select").click();
    await this.page.getByTestId("agent-search").fill(name);
    await this.page.getByTestId("agent-picker").getByTestId(`agent-option-${name}`).click();
    await expect(this.page.getByTestId("agent-select-value")).toHaveText(name);
  }

  async send(text: string) {
    const input = this.page.getByTestId("composer-input");
    await input.fill(text);
    await input.press("Enter");
  }

  subagentBlocks() {
    return this.page.getByTestId("subagent-block");
  }

  /**
   * Records every status each subagent block shows, from its first render on, on the page as it is
   * and on any page loaded after this call (one opened on an answer that is already streaming): a
   * status read afterwards may be gone already — a demo child runs for about a second.
   * Returns the statuses seen so far, by span id.
   */
  async watchSubagentStatuses(): Promise<() => Promise<Record<string, string[]>>> {
    const install = () => {
      const seen: Record<string, string[]> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      const note = () => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid="subagent-block"]')) {
          const id = el.dataset.spanId ?? "";
          const status = el.dataset.status ?? "";
          seen[id] = seen[id] ?? [];
          const list = seen[id];
          if (list.at(-1) !== status) list.push(status);
        }
      };
      new MutationObserver(note).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["data-status"],
      });
    };
    await this.page.addInitScript(install);
    await this.page.evaluate(install);
    return () => this.page.evaluate(() => (window as unknown as { seen: Record<string, string[]> }).seen);
  }

  /**
   * Records every text a running subagent's live tail shows (it is gone when the child ends, in
   * about a second of the demo: a read afterwards can miss it). Returns the texts seen so far.
   */
  async watchSubagentTails(): Promise<() => Promise<string[]>> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { tails: string[] }).tails = seen;
      const note = () => {
        for (const el of document.querySelectorAll('[data-testid="subagent-tail"]')) {
          const text = el.textContent ?? "";
          if (seen.at(-1) !== text) seen.push(text);
        }
      };
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    });
    return () => this.page.evaluate(() => (window as unknown as { tails: string[] }).tails);
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
