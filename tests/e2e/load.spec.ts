import { type ChildProcess, spawn } from "node:child_process";
import { expect, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Issue 14 #4: under CPU pressure every delegation must still be seen running (not appear already
// done), and Stop must reach the children that run. Two busy processes compete with the server and
// the browser for this machine's cores while the test runs.
let hogs: ChildProcess[] = [];
test.beforeEach(() => {
  hogs = [0, 1].map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
});
test.afterEach(() => {
  for (const hog of hogs) hog.kill("SIGKILL");
});

test("under CPU pressure, delegations are seen running and Stop reaches the running children", async ({
  userPage: page,
}) => {
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  const seen = await chat.watchSubagentStatuses();
  await chat.send("Compute 2 + 2\nWhat time is it?\nCompute 9 * 9");
  await chat.waitForAnswer();
  const statuses = Object.values(await seen());
  expect(statuses).toHaveLength(3);
  for (const list of statuses) expect(list).toEqual(["running", "completed"]);

  // Stop 150 ms after the first child shows running, clicked in the page itself (a test driver's
  // own round trips are slow on a starved machine and are not what a user's click goes through).
  await chat.openNew("Team Lead");
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="subagent-block"][data-status="running"]')) return;
      observer.disconnect();
      setTimeout(
        () => document.querySelector<HTMLButtonElement>('[data-testid="stop-button"]')?.click(),
        150,
      );
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await chat.send("Compute 2 + 2\nWhat time is it?\nCompute 9 * 9");
  await chat.waitForAnswer("STOPPED");
  // Every child was still working when Stop was clicked: each one stopped, none finished.
  const blocks = chat.lastAssistant().getByTestId("subagent-block");
  await expect(blocks).toHaveCount(3);
  const stopped = chat.lastAssistant().locator('[data-testid="subagent-block"][data-status="stopped"]');
  await expect(stopped).toHaveCount(3);
  await expect(stopped.first().getByTestId("subagent-stop-reason")).toHaveCount(0);
  await screenshot(page, "chat-stopped-under-load");
});
