// Evals end to end on the offline demo model: a suite of three cases run against version 1 and
// version 2 of a tree (the lead's instructions and its child changed in between), results side
// by side with deltas and links to each case's trace; another user sees nothing of it.
import { expect, test, USER } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { EvalsPage } from "./pages/evals-page";

const CASES = [
  { name: "math", input: "Compute 6 * 7", checks: [{ kind: "not_contains", value: "zz-never-zz" }] },
  { name: "time", input: "What time is it?", checks: [{ kind: "max_model_calls", max: 50 }] },
  { name: "hello", input: "Say hello", checks: [{ kind: "regex", pattern: "\\S" }] },
];

test("a suite of three cases, version 1 against version 2, side by side", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  const builder = new AgentBuilderPage(page);
  const stamp = Date.now().toString(36);
  const helper = `Eval Helper ${stamp}`;
  const lead = `Eval Lead ${stamp}`;
  await builder.gotoNew();
  await builder.fillBasics({ name: helper });
  await builder.create();
  const helperPath = new URL(page.url()).pathname;
  await builder.gotoNew();
  await builder.fillBasics({ name: lead });
  await page.getByLabel("Instructions").fill("Answer briefly.");
  await builder.setSwitch("subagents-enabled", true);
  await builder.addSubagent(helper);
  await builder.create();
  const leadPath = new URL(page.url()).pathname;

  // Version 2: the child changes, then the lead's instructions.
  await page.goto(helperPath);
  await page.getByLabel("Instructions").fill("Be thorough.");
  await builder.saveChanges();
  await page.goto(leadPath);
  await page.getByLabel("Instructions").fill("Answer in detail.");
  await builder.saveChanges();

  const evals = new EvalsPage(page);
  await evals.open(leadPath);
  await evals.saveCases(CASES);
  await evals.run(1, 2);

  const results = page.getByTestId("eval-results");
  await expect(results.getByRole("columnheader", { name: "Version 1" })).toBeVisible();
  await expect(results.getByRole("columnheader", { name: "Version 2" })).toBeVisible();
  for (const name of ["math", "time", "hello"])
    await expect(results.getByRole("rowheader", { name })).toBeVisible();
  // Six cells, each with its outcome (these checks pass on both versions), figures and a trace link.
  const cells = results.locator("[data-outcome]");
  await expect(cells).toHaveCount(6);
  await expect(results.locator('[data-outcome="passed"]')).toHaveCount(6);
  await expect(page.getByTestId("eval-status")).toContainText("6 of 6");
  await expect(page.getByTestId("eval-delta")).toContainText("B − A");
  await expect(results.getByTestId("eval-trace")).toHaveCount(6);
  await expect(page.getByTestId("eval-history").getByRole("listitem")).toHaveCount(1);

  const runId = new URL(page.url()).searchParams.get("run");
  // The trace link opens that case's run with the chat's trace blocks.
  const href = await results.getByTestId("eval-trace").first().getAttribute("href");
  await page.goto(href as string);
  await expect(page.getByTestId("assistant-message").first()).toBeVisible();

  // Another user (the agent is private to its owner) sees neither the suite nor the results.
  const other = await browser.newContext({ storageState: USER.state });
  const otherPage = await other.newPage();
  const res = await otherPage.goto(`${leadPath}/evals`);
  expect(res?.status()).toBe(404);
  const api = await otherPage.request.get(`/api/evals/${runId}`);
  expect(api.status()).toBe(404);
  await other.close();
});
