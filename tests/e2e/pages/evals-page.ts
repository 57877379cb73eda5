import { expect, type Page } from "@playwright/test";

/** An agent's Evals page, as its owner uses it. */
export class EvalsPage {
  constructor(readonly page: Page) {}

  async open(agentPath: string) {
    await this.page.goto(`${agentPath}/evals`);
    await expect(this.page.getByTestId("eval-cases")).toBeVisible();
  }

  async saveCases(lines: object[]) {
    await this.page.getByTestId("eval-cases").fill(lines.map((l) => JSON.stringify(l)).join("\n"));
    await this.page.getByTestId("eval-cases-save").click();
    await expect(this.page.getByTestId("eval-cases-message")).toContainText(
      new RegExp(`${lines.length} cases? saved`),
    );
  }

  /** Runs the suite against versions a and b and waits for every case to finish. */
  async run(a: number, b: number) {
    await this.page.getByTestId("eval-version-a").selectOption(String(a));
    await this.page.getByTestId("eval-version-b").selectOption(String(b));
    await this.page.getByTestId("eval-start").click();
    await expect(this.page).toHaveURL(/\?run=/);
    await expect(this.page.getByTestId("eval-run")).toHaveAttribute("data-status", "COMPLETED", {
      timeout: 45_000,
    });
  }
}
