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
