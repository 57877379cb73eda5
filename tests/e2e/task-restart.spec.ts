// A background task outlives its process: an app instance of its own (on its own database) starts
// the Researcher in the background, is killed (SIGKILL, the whole process group) while the task
// runs, and is started again. The new process takes over the dead one's task (its lease went
// stale), resumes its run from its journal (turns finished before the kill are not repeated; the
// one in flight is done again), and the result arrives as the conversation's follow-up message.
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { type Instance, killInstance, startInstance, waitReady } from "./cluster-helpers";
import { expect, screenshot, test } from "./fixtures";
import { AuthPage } from "./pages/auth-page";
import { ChatPage } from "./pages/chat-page";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 80;
// Demo tokens slow enough that the task is surely still running when the process is killed; a dead
// process noticed within seconds.
const ENV = {
  DEMO_TOKEN_DELAY_MS: "250",
  RUN_LEASE_HEARTBEAT_SECONDS: "0.5",
  RUN_LEASE_STALE_SECONDS: "2",
  EVAL_POLL_SECONDS: "0.5",
};

let db: { name: string; url: string } | undefined;
let node: Instance | undefined;

test.afterAll(async () => {
  if (node) killInstance(node);
  if (db) await dropDatabase(db.name).catch(() => {});
});

test("a background task whose server is killed mid-task completes after the restart; its follow-up appears", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  db = await createDatabase("delegate_restart");
  const start = () =>
    startInstance({ index: 0, port: PORT, databaseUrl: (db as { url: string }).url, env: ENV });
  node = start();
  await waitReady(node);

  const ctx = await browser.newContext({ baseURL: node.url });
  const page = await ctx.newPage();
  await new AuthPage(page).register({
    name: "Rita Restart",
    email: "rita@restart.test",
    password: "correct-horse-42",
  });
  await expect(page).toHaveURL(/\/chat/);
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compare three databases [background]");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("Its result will arrive here as a follow-up message.");
  const conversation = page.url();

  // The task runs (its agent is writing, slowly) when the server dies.
  await page.goto("/tasks");
  const status = page.getByTestId("task-list").locator("li").first().getByTestId("task-status");
  await expect(async () => {
    await page.reload();
    await expect(status).toHaveText("Running", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  killInstance(node);
  await expect.poll(() => node?.child.exitCode !== null || node?.child.signalCode !== null).toBe(true);

  node = start();
  await waitReady(node);
  // The same conversation, after the restart: the Researcher's result arrives as a follow-up.
  await page.goto(conversation);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("assistant-message")).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 120_000 });
  const followUp = chat.lastAssistant();
  await expect(followUp).toHaveAttribute("data-status", "COMPLETE");
  await expect(followUp).toContainText("Researcher");
  await screenshot(page, "task-after-restart");
  await page.goto("/tasks");
  await expect(page.getByTestId("task-list").locator("li")).toHaveCount(1);
  await expect(status).toHaveText("Completed");
  await ctx.close();
});
