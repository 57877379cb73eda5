import pg from "pg";
import PgBoss from "pg-boss";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { killInstance, startInstance, waitReady } from "./cluster-helpers";
import { expect, PASSWORD, screenshot, test } from "./fixtures";
import { AuthPage } from "./pages/auth-page";
import { ChatPage } from "./pages/chat-page";

// Issue 32: a temporary chat is gone once its time is over. On an instance of its own with a fresh
// database: the chat's deletion time is moved into the past in the database (an hour is the shortest
// an admin may set), then the sweep job is sent as the instance's pg-boss schedule sends it every
// five minutes; the instance's own worker deletes the chat, its page is a 404 and the list lacks it.
// lib/chat/temporary-chats.ts TEMPORARY_SWEEP_QUEUE (a server-only module: not importable here).
const TEMPORARY_SWEEP_QUEUE = "temporary-chats-sweep";

test("a temporary chat is deleted by the sweep once its time is over", async ({ browser }) => {
  test.setTimeout(300_000);
  const db = await createDatabase("delegate_temp");
  const app = startInstance({
    index: 0,
    port: Number(process.env.E2E_PORT ?? 3100) + 100,
    databaseUrl: db.url,
  });
  const ctx = await browser.newContext({ baseURL: app.url });
  try {
    await waitReady(app);
    const page = await ctx.newPage();
    await new AuthPage(page).register({ name: "Tim Temporary", email: "tim@temp.test", password: PASSWORD });
    await expect(page).toHaveURL(/\/chat/);
    const chat = new ChatPage(page);
    await chat.openNew("Team Lead");
    await page.getByTestId("temporary-toggle").check();
    await chat.send("Compute 2 + 3");
    await chat.waitForAnswer();
    await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
    const id = new URL(page.url()).pathname.split("/").at(-1) as string;
    // A normal chat beside it stays.
    await chat.openNew("Team Lead");
    await chat.send("Compute 4 + 5");
    await chat.waitForAnswer();

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const moved = await client.query(
        `UPDATE "Conversation" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1 AND "expiresAt" IS NOT NULL`,
        [id],
      );
      expect(moved.rowCount).toBe(1);
      const boss = new PgBoss({ connectionString: db.url });
      await boss.start();
      await boss.send(TEMPORARY_SWEEP_QUEUE, {});
      await boss.stop({ graceful: false });
      await expect
        .poll(async () => (await client.query(`SELECT 1 FROM "Conversation" WHERE id = $1`, [id])).rowCount, {
          timeout: 60_000,
        })
        .toBe(0);
      const left = await client.query(`SELECT count(*)::int AS n FROM "Conversation"`);
      expect(left.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    const gone = await page.goto(`/chat/${id}`);
    expect(gone?.status()).toBe(404);
    await screenshot(page, "temporary-chat-gone");
    await page.goto("/chat");
    await expect(page.getByTestId("conversation-list").first()).toContainText("Compute 4 + 5");
    await expect(page.getByTestId("conversation-list").first()).not.toContainText("Compute 2 + 3");
  } finally {
    await ctx.close();
    killInstance(app);
    await dropDatabase(db.name).catch(() => {});
  }
});
