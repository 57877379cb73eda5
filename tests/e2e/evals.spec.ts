// Evals end to end on the offline demo model: a suite of three cases run against version 1 and
// version 2 of a tree (the lead's instructions, tools and its child changed in between), results
// side by side with deltas, the answers' diff, a judge's grades and links to each case's trace;
// the results download as CSV and JSON; another user sees nothing of it.
import AxeBuilder from "@axe-core/playwright";
import { expect, screenshot, test, USER } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { EvalsPage } from "./pages/evals-page";

const CASES = [
  { name: "math", input: "Compute 6 * 7", checks: [{ kind: "not_contains", value: "zz-never-zz" }] },
  { name: "time", input: "What time is it?", checks: [{ kind: "max_model_calls", max: 50 }] },
  {
    name: "hello",
    input: "Say hello",
    checks: [{ kind: "regex", pattern: "\\S" }],
    judge: { rubric: "Greets the user.", endpoint: "builtin:demo", model: "demo-delegator" },
  },
];

test("a suite of three cases, version 1 against version 2, side by side", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(180_000);
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
  // With the calculator, version 2 answers "Compute 6 * 7" differently: the diff has something to show.
  await page.getByTestId("tool-picker").getByTestId("tool-calculator").check();
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

  // The answers' diff, under each case's row: words only in A struck through, only in B underlined,
  // each announced as removed/added (not colour alone).
  const mathDiff = results.getByTestId("eval-diff").first();
  await mathDiff.locator("summary").click();
  await expect(mathDiff).toContainText("Words only in version A are struck through");
  const diffText = mathDiff.getByTestId("eval-diff-text");
  await expect(diffText.locator("ins").first()).toContainText("added:");
  await expect(diffText).toContainText("42");
  await mathDiff.scrollIntoViewIfNeeded();
  await screenshot(page, "evals-diff");

  // The judge graded "hello" at both versions (the demo judge gives 4 of 5); its mean and delta.
  const grades = results.getByTestId("eval-judge-score");
  await expect(grades).toHaveCount(2);
  await expect(grades.first()).toHaveText("Judge: 4 of 5");
  await expect(page.getByTestId("eval-judge-mean-1")).toHaveText("4");
  await expect(page.getByTestId("eval-judge-mean-2")).toHaveText("4");
  await expect(page.getByTestId("eval-delta")).toContainText("0");
  const judge = results.getByTestId("eval-judge").first();
  await judge.getByText("The judge's prompt").click();
  await expect(judge.getByTestId("eval-judge-prompt")).toContainText("## Rubric\nGreets the user.");
  await expect(judge.getByTestId("eval-judge-prompt")).toContainText("## The user's message\nSay hello");
  await screenshot(page, "evals-diff-judge");
  // The opened diff and judge's prompt pass axe too (the a11y spec's Evals state has one version).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  const runId = new URL(page.url()).searchParams.get("run");
  // The downloads: CSV (a line per case and version) and JSON (the figures the page shows).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("eval-export-csv").click(),
  ]);
  expect(download.suggestedFilename()).toBe(`eval-${runId}.csv`);
  const csv = await page.request.get(`/api/evals/${runId}/export?format=csv`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^case_id,case_name,input,version,outcome,/);
  const hello = lines.filter((l) => /^\w+,hello,Say hello,[12],passed,/.test(l));
  expect(hello).toHaveLength(2);
  for (const line of hello)
    expect(line).toContain(",4,The demo judge gives every answer 4 of 5; it does not read the rubric.,");
  const json = await (await page.request.get(`/api/evals/${runId}/export?format=json`)).json();
  const live = await (await page.request.get(`/api/evals/${runId}`)).json();
  expect(json.results).toEqual(live.results);
  expect(json.summaries).toEqual(live.summaries);
  // The trace link opens that case's run with the chat's trace blocks.
  const href = await results.getByTestId("eval-trace").first().getAttribute("href");
  await page.goto(href as string);
  await expect(page.getByTestId("assistant-message").first()).toBeVisible();

  // The builder, after version 2 was saved, shows version 1's last eval and offers to compare.
  await page.goto(leadPath);
  const prompt = page.getByTestId("version-eval-prompt");
  await expect(prompt.getByTestId("version-eval-last")).toContainText(
    "Last eval of version 1: 3 of 3 cases passed (finished",
  );
  await expect(prompt.getByTestId("version-eval-run")).toHaveText("Run evals: version 1 against version 2");

  // Another user (the agent is private to its owner) sees neither the suite nor the results.
  const other = await browser.newContext({ storageState: USER.state });
  const otherPage = await other.newPage();
  const res = await otherPage.goto(`${leadPath}/evals`);
  expect(res?.status()).toBe(404);
  const api = await otherPage.request.get(`/api/evals/${runId}`);
  expect(api.status()).toBe(404);
  expect((await otherPage.request.get(`/api/evals/${runId}/export?format=csv`)).status()).toBe(404);
  await other.close();
});
