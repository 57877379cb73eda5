// Issue 30: a server killed mid-run (SIGKILL, no shutdown) and started again on the same database
// finishes the eval run without running again the cases that were finished before the kill; the
// case that was running when it died is queued again at start (lib/evals/jobs.ts) and runs once more.
//
// On an app instance of its own (E2E_PORT + 70) whose demo model writes a token every 60 ms, one
// case at a time, so the run lasts long enough to be killed in the middle.
import type { BrowserContext } from "@playwright/test";
import pg from "pg";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { type Instance, killInstance, startInstance, waitReady } from "./cluster-helpers";
import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { AuthPage } from "./pages/auth-page";
import { EvalsPage } from "./pages/evals-page";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 90;
const ENV = { DEMO_TOKEN_DELAY_MS: "60", EVAL_CONCURRENCY: "1", EVAL_POLL_SECONDS: "1" };
const CASES = [
  "Say hello",
  "Compute 6 * 7",
  "What time is it?",
  "Say goodbye",
  "Compute 2 + 2",
  "Say thanks",
].map((input, i) => ({ name: `case ${i + 1}`, input, checks: [{ kind: "regex", pattern: "\\S" }] }));

let db: { name: string; url: string };
let app: Instance | undefined;
let ctx: BrowserContext | undefined;
let client: pg.Client | undefined;
test.afterAll(async () => {
  await ctx?.close();
  await client?.end();
  if (app) killInstance(app);
  if (db) await dropDatabase(db.name).catch(() => {});
});

/** The run's results, and its case conversations (each one run of a case), per case. */
async function perCase(evalRunId: string) {
  const results = await client?.query<{ caseId: string; n: string }>(
    `SELECT "caseId", count(*) AS n FROM "EvalResult" WHERE "evalRunId" = $1 GROUP BY "caseId"`,
    [evalRunId],
  );
  const runs = await client?.query<{ caseId: string; status: string }>(
    `SELECT c."evalCaseId" AS "caseId", r."status" FROM "Conversation" c JOIN "Run" r ON r."conversationId" = c."id"
     WHERE c."evalRunId" = $1`,
    [evalRunId],
  );
  const resultCount = new Map(results?.rows.map((r) => [r.caseId, Number(r.n)]));
  const runsOf = new Map<string, string[]>();
  for (const r of runs?.rows ?? []) runsOf.set(r.caseId, [...(runsOf.get(r.caseId) ?? []), r.status]);
  return { resultCount, runsOf };
}

test("a server killed mid-run resumes the eval run without running finished cases again", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  db = await createDatabase("delegate_evals_restart");
  client = new pg.Client({ connectionString: db.url });
  app = startInstance({ index: 0, port: PORT, databaseUrl: db.url, env: ENV });
  await waitReady(app);
  await client.connect();
  ctx = await browser.newContext({ baseURL: app.url });
  const page = await ctx.newPage();
  await new AuthPage(page).register({
    name: "Rae Restart",
    email: "rae@restart.test",
    password: "correct-horse-42",
  });
  await expect(page).toHaveURL(/\/chat/);

  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Restart Lead" });
  await builder.create();
  const agentPath = new URL(page.url()).pathname;
  const evals = new EvalsPage(page);
  await evals.open(agentPath);
  await evals.saveCases(CASES);
  // One version (A = B = 1): six cases, one job each.
  await page.getByTestId("eval-start").click();
  await expect(page).toHaveURL(/\?run=/);
  const evalRunId = new URL(page.url()).searchParams.get("run") as string;

  // Kill once some cases are finished, not all, and one is running.
  await expect
    .poll(
      async () => {
        const { resultCount, runsOf } = await perCase(evalRunId);
        const running = [...runsOf.values()].some((s) => s.includes("RUNNING"));
        return resultCount.size >= 2 && resultCount.size < CASES.length && running;
      },
      { timeout: 60_000, intervals: [50] },
    )
    .toBe(true);
  killInstance(app);
  await expect.poll(() => app?.child.exitCode !== null || app?.child.signalCode !== null).toBe(true);
  const before = await perCase(evalRunId);
  const finishedBefore = [...before.resultCount.keys()];
  const runningAtKill = [...before.runsOf].filter(([, s]) => s.includes("RUNNING")).map(([id]) => id);
  expect(runningAtKill).toHaveLength(1);
  expect(finishedBefore.length).toBeLessThan(CASES.length);

  // The same server started again on the same database finishes the run.
  app = startInstance({ index: 1, port: PORT, databaseUrl: db.url, env: ENV });
  await waitReady(app);
  await page.goto(`${agentPath}/evals?run=${evalRunId}`);
  await expect(page.getByTestId("eval-run")).toHaveAttribute("data-status", "COMPLETED", { timeout: 90_000 });
  await expect(page.getByTestId("eval-status")).toContainText(`${CASES.length} of ${CASES.length}`);
  const results = page.getByTestId("eval-results");
  for (const c of CASES) await expect(results.getByRole("rowheader", { name: c.name })).toBeVisible();
  await expect(results.locator('[data-outcome="passed"]')).toHaveCount(CASES.length);
  // The run's status and the first results (the app shell scrolls inside, not the page).
  await page.getByTestId("eval-status").scrollIntoViewIfNeeded();
  await screenshot(page, "evals-after-restart");

  const after = await perCase(evalRunId);
  // Every case has exactly one result.
  expect(after.resultCount.size).toBe(CASES.length);
  for (const n of after.resultCount.values()) expect(n).toBe(1);
  // The cases finished before the kill ran once; the one running at the kill was interrupted and ran
  // once more; the others ran once, after the restart.
  for (const id of finishedBefore) expect(after.runsOf.get(id)).toEqual(["COMPLETED"]);
  expect([...(after.runsOf.get(runningAtKill[0]) ?? [])].sort()).toEqual(["COMPLETED", "INTERRUPTED"]);
  for (const [id, statuses] of after.runsOf)
    if (!finishedBefore.includes(id) && id !== runningAtKill[0]) expect(statuses).toEqual(["COMPLETED"]);
  expect(after.runsOf.size).toBe(CASES.length);
});
