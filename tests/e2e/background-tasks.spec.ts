import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";

// Background subagents with the offline demo: the starter team's Researcher may run in the
// background, and "[background]" in a request makes the Team Lead start it with run_in_background
// (lib/providers/demo/background.ts). The lead answers at once; the task is listed on /tasks; its
// result arrives as a follow-up message from the Researcher, seen after a reload.
test("a background task: the lead answers at once, the task is on /tasks, its result arrives as a follow-up message", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Tasker", tag: "tasks" });
  // The builder shows which entries may run in the background (the starter team's Researcher).
  const builder = new AgentBuilderPage(page);
  await builder.open("Team Lead");
  await expect(page.getByTestId("child-Researcher-background")).toBeChecked();
  await expect(page.getByTestId("child-Mathematician-background")).not.toBeChecked();

  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compare three databases [background]");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("Its result will arrive here as a follow-up message.");
  // The delegation is a finished tool call with the task's handle, not a subagent block left running.
  await expect(chat.lastAssistant().getByTestId("subagent-block")).toHaveCount(0);
  const conversation = page.url();
  expect(conversation).toMatch(/\/chat\/[^/]+$/);

  // The sidebar leads to the Tasks page, which lists the task with its agent and status.
  await page.getByTestId("nav-tasks").first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  const items = page.getByTestId("task-list").locator("li");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Researcher");
  await expect(items.first()).toContainText("Compare three databases");
  await expect(items.first().getByTestId("task-status")).toHaveText(/Queued|Running|Completed/);

  // Back in the conversation: after a reload the Researcher's result is there, after the lead's answer.
  await page.goto(conversation);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("assistant-message")).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  const followUp = chat.lastAssistant();
  await expect(followUp).toHaveAttribute("data-status", "COMPLETE");
  await expect(followUp).toContainText("Researcher");
  await expect(followUp).not.toContainText("follow-up message");
  await screenshot(page, "background-task-follow-up");

  await page.goto("/tasks");
  await expect(items.first().getByTestId("task-status")).toHaveText("Completed");
  // A finished task offers no Cancel.
  await expect(items.first().getByTestId("task-cancel")).toHaveCount(0);
});

test("the follow-up shows in the open chat without a reload, and the sidebar counts the task while it runs", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Live Tasker", tag: "tasks-live" });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  // Counted as the sidebar shows it (the task may run for only a moment).
  const counted = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const seen = () => document.querySelector('[data-testid="tasks-running"]') !== null;
        if (seen()) return resolve(true);
        const observer = new MutationObserver(() => {
          if (seen()) {
            observer.disconnect();
            resolve(true);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => resolve(false), 60_000);
      }),
  );
  await chat.send("Outline a migration plan [background]");
  await chat.waitForAnswer();
  // No reload: the Researcher's result arrives in this page.
  await expect(page.getByTestId("assistant-message")).toHaveCount(2, { timeout: 45_000 });
  await expect(chat.lastAssistant()).toContainText("Researcher");
  expect(await counted).toBe(true);
  // Once it has ended, the count goes away.
  await expect(page.getByTestId("tasks-running")).toHaveCount(0, { timeout: 15_000 });
});

test("wait_for_task: with [wait] the lead waits for its background task and answers with its result", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Waiter", tag: "tasks-wait" });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compare three databases [background] [wait]");
  // The lead's answer is the first assistant message (the Researcher's follow-up may follow it).
  const answer = page.getByTestId("assistant-message").first();
  await expect(answer).toHaveAttribute("data-status", "COMPLETE", { timeout: 45_000 });
  await expect(answer).toContainText("What wait_for_task returned");
  await expect(answer).toContainText("completed");
  await expect(answer).toContainText("Result:");
  await screenshot(page, "background-task-waited");
});
