// Files on eval cases (issue 30), end to end on the offline demo model: the owner uploads a file on
// the Evals page, a case names it ("files": [...]), the run attaches it to the case's message as a
// chat would, and the result shows the demo model's answer about the file. A case naming a file the
// owner does not have is refused at save, naming the line.
import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { EvalsPage } from "./pages/evals-page";

const NOTES = "# Launch notes\n\nThe launch moved to Thursday because of the storm.\n";

test("a case with an uploaded file runs with the file and the result answers about it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page } = await registerNewUser(browser, { name: "Eval Filer", tag: "evalfiles" });
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: `File Reader ${Date.now().toString(36)}` });
  await builder.create();
  const agentPath = new URL(page.url()).pathname;

  const evals = new EvalsPage(page);
  await evals.open(agentPath);
  await page
    .getByTestId("eval-file-upload")
    .setInputFiles({ name: "launch.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) });
  await expect(page.getByTestId("eval-files")).toContainText("launch.md");

  // A name that is not one of the owner's files: refused, the line named, nothing saved.
  await page
    .getByTestId("eval-cases")
    .fill(
      [
        JSON.stringify({ input: "Say hello" }),
        JSON.stringify({ input: "Summarize the attached file", files: ["missing.pdf"] }),
      ].join("\n"),
    );
  await page.getByTestId("eval-cases-save").click();
  await expect(page.getByTestId("eval-cases-message")).toContainText(
    '2: files: "missing.pdf" is not in your files',
  );

  await evals.saveCases([
    {
      name: "summary",
      input: "Summarize the attached file",
      files: ["launch.md"],
      checks: [{ kind: "contains", value: "moved to Thursday" }],
    },
  ]);
  await evals.run(1, 1);
  const results = page.getByTestId("eval-results");
  await expect(results.getByRole("rowheader", { name: /summary/ })).toContainText("Files: launch.md");
  await expect(results.locator('[data-outcome="passed"]')).toHaveCount(1);
  await expect(results.getByTestId("eval-output")).toContainText("launch.md");
  await expect(results.getByTestId("eval-output")).toContainText("The launch moved to Thursday");
  await page.getByTestId("eval-files").scrollIntoViewIfNeeded();
  await screenshot(page, "evals-files-panel");
  await results.scrollIntoViewIfNeeded();
  await screenshot(page, "evals-files");
});
