import { expect, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// The answer's Timeline: the demo lead delegates to two children in parallel; the timeline shows
// a lane per agent span, the critical path ringed with its share, tokens on keyboard focus, the
// same spans as a table, the same after a reload, and a wait for an approval drawn as a wait.
test.describe
  .serial("answer timeline", () => {
    test("two parallel children: lanes, critical path, tokens on focus, table, reload", async ({
      userPage: page,
    }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Compute 17 * 23 + 4\nWhat time is it?");
      await expect(chat.subagentBlocks()).toHaveCount(2, { timeout: 20_000 });
      // Live: the timeline opens while the children run.
      const answer = chat.lastAssistant();
      await answer.getByTestId("timeline-toggle").click();
      await expect(answer.getByTestId("timeline-lane").first()).toBeVisible();
      await chat.waitForAnswer();

      const timeline = answer.getByTestId("timeline");
      await expect(timeline.getByTestId("timeline-lane")).toHaveCount(3);
      await expect(timeline.getByTestId("timeline-lane").nth(1)).toContainText("Mathematician");
      await expect(timeline.getByTestId("timeline-lane").nth(2)).toContainText("Researcher");
      // Exactly one of the two children is on the critical path; the root always is.
      const critical = timeline.locator('[data-testid="timeline-agent"][data-critical]');
      await expect(critical).toHaveCount(2);
      await expect(timeline.getByTestId("critical-share")).toContainText(/Critical path: .+ of .+ \(\d+%\)/);
      const share = await timeline.getByTestId("critical-share").textContent();

      // Keyboard: Tab from the Table button reaches the first span, whose tip shows its tokens.
      await timeline.getByTestId("timeline-view-table").focus();
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      await expect(focused).toHaveAttribute("data-testid", "timeline-agent");
      const tip = timeline.getByTestId("timeline-tip");
      await expect(tip).toContainText(/Agent Team Lead: .*\d+ in · \d+ out/);
      const model = timeline.locator('[data-testid="timeline-span"][data-kind="model"]').first();
      await model.focus();
      await expect(tip).toContainText(/Model call .*\d+ in · \d+ out/);
      await screenshot(page, "timeline-chart");

      await timeline.getByTestId("timeline-view-table").click();
      const rows = timeline.getByTestId("timeline-row");
      await expect(rows.filter({ hasText: "Mathematician" }).first()).toBeVisible();
      await expect(rows.filter({ hasText: "Researcher" }).first()).toBeVisible();
      expect(
        await timeline.locator('[data-testid="timeline-row"][data-kind="model"]').count(),
      ).toBeGreaterThan(2);
      await screenshot(page, "timeline-table");

      // After a reload the stored tree gives the same spans and the same critical path.
      await page.reload();
      const again = chat.lastAssistant();
      await again.getByTestId("timeline-toggle").click();
      await expect(again.getByTestId("timeline-lane")).toHaveCount(3);
      await expect(again.getByTestId("critical-share")).toHaveText(share ?? "");

      await page.setViewportSize({ width: 390, height: 844 });
      await again.getByTestId("timeline").scrollIntoViewIfNeeded();
      await screenshot(page, "timeline-phone");
      // Readable at 390 px: the chart scrolls inside its view, the page itself does not.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test("a wait for an approval is drawn as a wait on the critical path", async ({ userPage: page }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: timeline printer");
      await chat.waitForAnswer();
      await chat.send("Delete the note timeline printer");
      await expect(chat.lastAssistant()).toHaveAttribute("data-status", "PAUSED", { timeout: 45_000 });
      const waiting = chat.lastAssistant().locator('[data-testid="tool-call"][data-approval="pending"]');
      await waiting.getByTestId("approval-approve").click();
      await chat.waitForAnswer();
      const answer = chat.lastAssistant();
      await answer.getByTestId("timeline-toggle").click();
      const wait = answer.locator('[data-testid="timeline-span"][data-kind="approval"]');
      await expect(wait).toHaveCount(1);
      await expect(wait).toHaveAttribute("data-critical", "true");
      await expect(answer.getByText("Waiting for approval").first()).toBeVisible();
      await answer.getByTestId("timeline").scrollIntoViewIfNeeded();
      await screenshot(page, "timeline-approval");
    });
  });
