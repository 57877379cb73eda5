import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, registerNewUser, shots, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";

// Issue 32, teams as files: a team exported from the builder, imported by another user with a
// missing endpoint mapped (preview of the tree first), and exported again as the same file.
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens/teams";
mkdirSync(SHOTS, { recursive: true });

async function download(page: Page): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-team").click()]);
  return readFileSync(await file.path(), "utf8");
}

const withoutIds = (text: string) => text.replace(/id: c[a-z0-9]+/g, "id: <id>");

test("a team exported from the builder is imported by another user with a mapping step", async ({
  browser,
}) => {
  const { page: ann } = await registerNewUser(browser, { name: "Ann Exporter", tag: "team-ann" });
  const builder = new AgentBuilderPage(ann);
  await builder.open("Team Lead");
  const file = await download(ann);
  expect(file).toContain("schemaVersion: 1");
  expect(file).toContain("root: team-lead");

  // The other server calls the lead's endpoint differently: the importer maps it.
  const elsewhere = file.replace(/endpoint: .*/, "endpoint: Partner GPT");
  const { page: bob } = await registerNewUser(browser, { name: "Bob Importer", tag: "team-bob" });
  await bob.goto("/agents");
  await bob.getByTestId("import-team").click();
  await expect(bob.getByTestId("import-title")).toBeVisible();
  await bob.getByTestId("import-text").fill(elsewhere);
  await bob.getByTestId("import-preview").click();

  const plan = bob.getByTestId("import-plan");
  await expect(plan.getByTestId("import-agent")).toHaveCount(3);
  await expect(plan.getByTestId("import-agent").first()).toContainText("new");
  await expect(plan.getByTestId("preview-root")).toContainText("Team Lead");
  await expect(plan.getByTestId("preview-entry").first()).toBeVisible();
  await expect(bob.getByTestId("import-ready")).toContainText("Map the missing");
  await expect(bob.getByTestId("import-submit")).toBeDisabled();
  await expect(bob.getByTestId("map-endpoint")).toHaveCount(1);
  await bob.getByLabel(/Endpoint “Partner GPT”/).selectOption({ label: "Demo (scripted, offline)" });
  await expect(bob.getByTestId("import-ready")).toContainText("ready to import");
  await shots(bob, SHOTS, "import-mapped");

  await bob.getByTestId("import-submit").click();
  await expect(bob).toHaveURL(/\/agents\/(?!import)[a-z0-9]+$/);
  await expect(bob.getByTestId("agent-title")).toHaveText("Team Lead");
  // Bob's copy, exported again: the same file (new agents have new ids).
  expect(withoutIds(await download(bob))).toBe(withoutIds(file));

  // A broken file: a typed message naming the line, nothing imported.
  await bob.goto("/agents/import");
  await bob.getByTestId("import-text").fill("schemaVersion: 1\nroot: [unclosed");
  await bob.getByTestId("import-preview").click();
  await expect(bob.getByTestId("import-error")).toContainText("not valid YAML");
});
