import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";

// A plan the user can see: an agent with write_todos on (off by default) that delegates writes its
// tasks as a checklist, then marks them done (the demo's script, lib/providers/demo/todos.ts). The
// list changes live in the answer and reads the same after a reload.
test("the todo list updates live and is the same after a reload", async ({ userPage: page }) => {
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Planner" });
  const tool = page.getByTestId("tool-picker").getByTestId("tool-write_todos");
  await expect(tool).not.toBeChecked();
  await tool.check();
  await builder.setSwitch("subagents-enabled", true);
  await builder.create();

  const chat = new ChatPage(page);
  await chat.openNew("Planner");
  // Every distinct list the answer shows, as "status,status" strings, in order.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { todoStates: string[] }).todoStates = seen;
    new MutationObserver(() => {
      const items = document.querySelectorAll<HTMLElement>(
        '[data-testid="todo-list"] [data-testid="todo-item"]',
      );
      const state = [...items].map((el) => el.dataset.status).join(",");
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await chat.send("Compute 2 + 2\nWhat time is it?");
  await chat.waitForAnswer();
  const list = chat.lastAssistant().getByTestId("todo-list");
  await expect(list.getByTestId("todo-item")).toHaveText(["Done: Compute 2 + 2", "Done: What time is it?"]);
  await expect(list).toContainText("2 of 2 done");
  const states = await page.evaluate(() => (window as unknown as { todoStates: string[] }).todoStates);
  expect(states).toEqual(["in_progress,pending", "done,done"]);
  await screenshot(page, "todos-done");

  await page.reload();
  const again = chat.lastAssistant().getByTestId("todo-list");
  await expect(again.getByTestId("todo-item")).toHaveText(["Done: Compute 2 + 2", "Done: What time is it?"]);
  await expect(again.getByRole("listitem")).toHaveCount(2);
  await expect(chat.lastAssistant().locator('[data-testid="subagent-block"]')).toHaveCount(2);
});

// Questions to the user: Lead → Middle → Worker (depth 2), and only Worker has ask_user (off by
// default). The demo asks when the request carries the marker "[ask]" (lib/providers/demo/ask.ts).
test("ask_user at depth 2: the question shows inline and above the composer; the answer completes the run", async ({
  userPage: page,
}) => {
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Asking worker" });
  const tool = page.getByTestId("tool-picker").getByTestId("tool-ask_user");
  await expect(tool).not.toBeChecked();
  await tool.check();
  await builder.create();
  for (const [name, child] of [
    ["Asking middle", "Asking worker"],
    ["Asking lead", "Asking middle"],
  ]) {
    await builder.gotoNew();
    await builder.fillBasics({ name });
    await builder.setSwitch("subagents-enabled", true);
    await builder.setSwitch("subagents-self", false);
    await builder.addSubagent(child);
    await builder.create();
  }

  const chat = new ChatPage(page);
  await chat.openNew("Asking lead");
  await chat.send("Choose a plan for the trip [ask]");
  await expect(chat.lastAssistant()).toHaveAttribute("data-status", "PAUSED", { timeout: 45_000 });
  const above = page.getByTestId("composer-questions");
  await expect(above.getByTestId("question-text")).toHaveText("Which option do you prefer?");
  await expect(above.getByTestId("question-choice")).toHaveText(["Option A", "Option B"]);

  // Inline, in the depth-2 block, which opened itself and its parent: both say "waiting for you".
  for (const depth of ["1", "2"]) {
    const block = chat.lastAssistant().locator(`[data-testid="subagent-block"][data-depth="${depth}"]`);
    await expect(block.getByTestId("subagent-toggle").first()).toHaveAttribute("aria-expanded", "true");
    await expect(block.getByTestId("subagent-toggle").first().getByTestId("waiting-badge")).toHaveText(
      "waiting for you",
    );
    await expect(block.getByTestId("subagent-toggle").first().getByTestId("trace-status")).toHaveCount(0);
  }
  const deep = chat.lastAssistant().locator('[data-testid="subagent-block"][data-depth="2"]');
  const inline = deep.locator('[data-testid="tool-call"][data-tool="ask_user"]');
  await expect(inline.getByTestId("question")).toHaveAttribute("data-status", "pending");
  await expect(inline.getByTestId("question-choice")).toHaveCount(2);
  await screenshot(page, "ask-user-pending");

  // Survives a reload, still waiting.
  await page.reload();
  await expect(page.getByTestId("composer-questions").getByTestId("question-choice")).toHaveCount(2);
  await page
    .getByTestId("composer-questions")
    .getByTestId("question-choice")
    .filter({ hasText: "Option B" })
    .click();
  await chat.waitForAnswer();
  await expect(page.getByTestId("composer-questions")).toHaveCount(0);
  await expect(chat.lastAssistant()).toContainText("Option B");

  await page.reload();
  await chat
    .lastAssistant()
    .locator('[data-testid="subagent-block"][data-depth="1"] >> [data-testid="subagent-toggle"]')
    .first()
    .click();
  const after = chat.lastAssistant().locator('[data-testid="subagent-block"][data-depth="2"]');
  await after.getByTestId("subagent-toggle").click();
  const answered = after.locator('[data-testid="tool-call"][data-tool="ask_user"]').getByTestId("question");
  await expect(answered).toHaveAttribute("data-status", "answered");
  await expect(answered.getByTestId("question-answer")).toHaveText("Option B");
});

test("a free-text answer is the tool's result", async ({ userPage: page }) => {
  const chat = new ChatPage(page);
  await chat.openNew("Asking worker");
  await chat.send("Pick one [ask]");
  await expect(chat.lastAssistant()).toHaveAttribute("data-status", "PAUSED", { timeout: 45_000 });
  const above = page.getByTestId("composer-questions");
  await expect(above.getByTestId("question-send")).toBeDisabled();
  await above.getByLabel("Your answer").fill("Neither, a third one");
  await above.getByTestId("question-send").click();
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("You chose Neither, a third one");
});
