import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Steer and Queue while an answer runs, with the offline demo. "[background] [wait]" makes the Team
// Lead start the Researcher as a background task and wait for it (wait_for_task, polled every
// second), so the lead's answer runs for a while after its first tool call and makes more model
// calls. The demo acknowledges a steering message in the next model call that receives it
// ("Steering noted: “…”", lib/providers/demo/steer.ts): that text is proof of what the call got.

test("Steer: the running answer's next model call receives the message; the trace shows where, after a reload too", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Steerer", tag: "steer" });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compare three databases [background] [wait]");
  // The lead's first call (the background start) is in its trace: the run is known, it goes on.
  const answer = page.getByTestId("assistant-message").first();
  await expect(answer.getByTestId("tool-call").first()).toBeVisible({ timeout: 45_000 });
  const input = page.getByTestId("composer-input");
  await input.fill("Keep it to one line");
  await expect(page.getByTestId("queue-button")).toBeVisible();
  await expect(page.getByTestId("stop-button")).toBeVisible();
  await page.getByTestId("steer-button").click();
  await expect(input).toHaveValue("");

  await expect(answer).toHaveAttribute("data-status", "COMPLETE", { timeout: 45_000 });
  await expect(answer).toContainText("Steering noted: “Keep it to one line”");
  const note = answer.getByTestId("steer-note");
  await expect(note).toHaveCount(1);
  await expect(note).toContainText("Keep it to one line");
  // Nothing was queued: the message was read, not sent again as a turn.
  await expect(page.getByTestId("queued-messages")).toHaveCount(0);
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await note.scrollIntoViewIfNeeded();
  await screenshot(page, "steer-noted");

  // Stored with the answer: after a reload the note is still where it went in.
  await page.reload();
  const stored = page.getByTestId("assistant-message").first();
  await expect(stored.getByTestId("steer-note")).toContainText("Keep it to one line");
  await expect(stored).toContainText("Steering noted: “Keep it to one line”");
});

test("Queue: messages wait in a visible, editable queue and go out as the next turn when the answer ends", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Queuer", tag: "queue" });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compare three databases [background] [wait]");
  await expect(page.getByTestId("stop-button")).toBeVisible();
  const input = page.getByTestId("composer-input");
  await input.fill("Compute 6 * 7");
  await page.getByTestId("queue-button").click();
  await expect(input).toHaveValue("");
  // Enter queues too while the answer runs; this one is taken out again.
  await input.fill("Compute 1 + 1");
  await input.press("Enter");
  const queued = page.getByTestId("queued-message");
  await expect(queued).toHaveCount(2);
  await expect(queued.first()).toContainText("Compute 6 * 7");
  await screenshot(page, "queue-two-queued");
  await queued.nth(1).getByTestId("queued-remove").click();
  await expect(queued).toHaveCount(1);

  // The answer ends; the queued message is sent as the next turn and answered.
  await expect(page.getByTestId("user-message")).toHaveCount(2, { timeout: 45_000 });
  await expect(page.getByTestId("user-message").last()).toContainText("Compute 6 * 7");
  await expect(page.getByTestId("queued-messages")).toHaveCount(0);
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("42");
  // The removed one never went out.
  await expect(page.getByTestId("user-message")).toHaveCount(2);
  await expect(page.getByText("Compute 1 + 1")).toHaveCount(0);
});
