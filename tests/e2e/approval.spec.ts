import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";

// Human approval: the starter lead's delete_note asks before running. The call waits in its trace
// block with Approve / Edit arguments / Deny, survives a reload, and the answer completes once
// approved (or tells the model it was denied).
test.describe
  .serial("approval of tool calls", () => {
    test("the picker turns 'Ask before running' on for a destructive tool, and the preview shows it", async ({
      userPage: page,
    }) => {
      const builder = new AgentBuilderPage(page);
      await builder.gotoNew();
      await builder.fillBasics({ name: "Cleaner" });
      const picker = page.getByTestId("tool-picker");
      await picker.getByTestId("tool-notes__delete_note").check();
      await expect(picker.getByTestId("ask-notes__delete_note")).toBeChecked();
      await picker.getByTestId("tool-notes__save_note").check();
      await expect(picker.getByTestId("ask-notes__save_note")).not.toBeChecked();
      const asking = page.getByTestId("preview-tool").filter({ hasText: "delete_note" });
      await expect(asking).toHaveAttribute("data-asks", "true");
      await expect(page.getByTestId("preview-tool").filter({ hasText: "save_note" })).not.toHaveAttribute(
        "data-asks",
        "true",
      );
      await picker.scrollIntoViewIfNeeded();
      await screenshot(page, "approval-builder-picker");
    });

    test("a delete_note call waits for approval, survives a reload, and completes once approved", async ({
      userPage: page,
    }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: recycle the old printer");
      await chat.waitForAnswer();
      await chat.send("Delete the note recycle the old printer");
      await expect(chat.lastAssistant()).toHaveAttribute("data-status", "PAUSED", { timeout: 45_000 });
      const waiting = chat.lastAssistant().locator('[data-testid="tool-call"][data-approval="pending"]');
      await expect(waiting).toHaveAttribute("data-tool", "notes__delete_note");
      await expect(waiting.getByTestId("approval-approve")).toBeVisible();
      await screenshot(page, "approval-pending");

      await page.reload();
      const again = chat.lastAssistant().locator('[data-testid="tool-call"][data-approval="pending"]');
      await expect(again.getByTestId("approval-approve")).toBeVisible();
      await expect(again.getByTestId("approval-edit")).toBeVisible();
      await expect(again.getByTestId("approval-deny")).toBeVisible();
      // Waiting for a decision, not finished: nothing to regenerate yet.
      await expect(chat.lastAssistant().getByTestId("regenerate")).toHaveCount(0);
      await page.evaluate(() => document.documentElement.classList.add("dark"));
      await screenshot(page, "approval-pending-dark");
      await page.evaluate(() => document.documentElement.classList.remove("dark"));

      // From the click on, the answer never shows "waiting for your approval" (nor its own Stop)
      // while it streams on with the composer's Stop.
      await page.evaluate(() => {
        const w = window as unknown as { staleApproval: boolean };
        w.staleApproval = false;
        const check = () => {
          if (
            document.querySelector('[data-testid="stop-button"]') &&
            document.querySelector('[data-testid="paused-badge"]')
          )
            w.staleApproval = true;
        };
        new MutationObserver(check).observe(document.body, { subtree: true, childList: true });
      });
      await again.getByTestId("approval-approve").click();
      await chat.waitForAnswer();
      expect(await page.evaluate(() => (window as unknown as { staleApproval: boolean }).staleApproval)).toBe(
        false,
      );
      await expect(page.getByTestId("paused-badge")).toHaveCount(0);
      await expect(chat.lastAssistant()).toContainText("Deleted note");
      await expect(chat.lastAssistant().locator('[data-approval="approved"]')).toHaveCount(1);
      await screenshot(page, "approval-approved");

      await chat.send("list my notes");
      await chat.waitForAnswer();
      await expect(chat.lastAssistant()).not.toContainText("recycle the old printer");
    });

    test("Stop under a waiting answer ends it without running the call", async ({ userPage: page }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: water the ficus");
      await chat.waitForAnswer();
      await chat.send("Delete the note water the ficus");
      await expect(chat.lastAssistant()).toHaveAttribute("data-status", "PAUSED", { timeout: 45_000 });
      await chat.lastAssistant().getByTestId("stop-paused").click();
      await chat.waitForAnswer("STOPPED");
      await expect(chat.lastAssistant().locator('[data-approval="expired"]')).toHaveCount(1);
      await expect(chat.lastAssistant().getByTestId("approval-approve")).toHaveCount(0);
      // Still stopped after a reload, and the note was not deleted.
      await page.reload();
      await expect(chat.lastAssistant()).toHaveAttribute("data-status", "STOPPED");
      await chat.send("list my notes");
      await chat.waitForAnswer();
      await expect(chat.lastAssistant()).toContainText("water the ficus");
    });

    test("Deny with a reason: the model is told and the answer goes on", async ({ userPage: page }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: keep the blue chairs");
      await chat.waitForAnswer();
      await chat.send("Delete the note keep the blue chairs");
      const waiting = chat.lastAssistant().locator('[data-testid="tool-call"][data-approval="pending"]');
      await waiting.getByTestId("approval-deny").click();
      await waiting.getByTestId("approval-reason").fill("we still need it");
      await waiting.getByTestId("approval-confirm-deny").click();
      await chat.waitForAnswer();
      await expect(chat.lastAssistant()).toContainText("denied by the user: we still need it");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "approval-denied-phone");
    });

    test("Edit arguments: bad JSON is caught in the editor; the tool runs with the edited arguments", async ({
      userPage: page,
    }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: paint the fence");
      await chat.waitForAnswer();
      await chat.send("Delete the note paint the fence");
      const waiting = chat.lastAssistant().locator('[data-testid="tool-call"][data-approval="pending"]');
      await waiting.getByTestId("approval-edit").click();
      const editor = waiting.getByTestId("approval-args");
      await editor.fill("{ not json");
      await waiting.getByTestId("approval-run-edited").click();
      await expect(waiting.getByTestId("approval-error")).toContainText("Not valid JSON");
      await editor.fill('{ "id": 42 }');
      await waiting.getByTestId("approval-run-edited").click();
      // The server checks the tool's schema too (the id is a string).
      await expect(waiting.getByTestId("approval-error")).toContainText("fit");
      await editor.fill('{ "id": "no-such-note" }');
      await screenshot(page, "approval-edit");
      await waiting.getByTestId("approval-run-edited").click();
      await chat.waitForAnswer();
      const edited = chat.lastAssistant().locator('[data-approval="edited"]');
      await expect(edited).toHaveCount(1);
      await expect(chat.lastAssistant()).toContainText("There is no note with id no-such-note");
      // Both arguments: the model's struck through, and the ones that ran; the model was told.
      await expect(edited.getByTestId("approval-model-args").locator("del")).not.toContainText(
        "no-such-note",
      );
      await expect(edited.getByTestId("approval-ran-args")).toContainText('"id": "no-such-note"');
      await expect(chat.lastAssistant()).toContainText(
        'The user changed the arguments of this call before it ran; it ran with {"id":"no-such-note"}',
      );
    });
  });
