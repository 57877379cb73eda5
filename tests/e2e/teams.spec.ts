import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { killInstance, startInstance, waitReady } from "./cluster-helpers";
import { expect, PASSWORD, registerNewUser, screenshot, shots, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { AuthPage } from "./pages/auth-page";

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
  // The app scrolls inside its main area: the plan itself, to look at.
  await plan.screenshot({ path: "test-results/screens/teams-import-plan.png" });

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

test("a team imported on a fresh server, its missing endpoint mapped, exports as the same file", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The exporting server: the shared instance.
  const { page: ann } = await registerNewUser(browser, { name: "Ann Mover", tag: "team-move" });
  await new AgentBuilderPage(ann).open("Team Lead");
  const file = await download(ann);
  // Named as the other server's endpoint would not be: the importer has to map it.
  const elsewhere = file.replace(/endpoint: .*/, "endpoint: Partner GPT");

  // The importing server: an instance of its own on a fresh database, with nobody's agents.
  const db = await createDatabase("delegate_teams");
  const app = startInstance({
    index: 0,
    port: Number(process.env.E2E_PORT ?? 3100) + 60,
    databaseUrl: db.url,
  });
  const ctx = await browser.newContext({ baseURL: app.url });
  try {
    await waitReady(app);
    const page = await ctx.newPage();
    await new AuthPage(page).register({ name: "Fay Fresh", email: "fay@fresh.test", password: PASSWORD });
    await expect(page).toHaveURL(/\/chat/);
    await page.goto("/agents/import");
    await page.getByTestId("import-text").fill(elsewhere);
    await page.getByTestId("import-preview").click();
    await expect(page.getByTestId("import-plan").getByTestId("import-agent")).toHaveCount(3);
    await page.getByLabel(/Endpoint “Partner GPT”/).selectOption({ label: "Demo (scripted, offline)" });
    await expect(page.getByTestId("import-ready")).toContainText("ready to import");
    await page.getByTestId("import-submit").click();
    await expect(page.getByTestId("agent-title")).toHaveText("Team Lead");
    // Nothing there had the file's ids, so the agents kept them: the very same file, ids and all.
    expect(await download(page)).toBe(file);
  } finally {
    await ctx.close();
    killInstance(app);
    await dropDatabase(db.name).catch(() => {});
  }
});

/** Creates an agent through the JSON API as the page's user; returns its id. */
async function create(page: Page, body: Record<string, unknown>): Promise<string> {
  const res = await page.evaluate(async (data) => {
    const r = await fetch("/api/agents", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ provider: "builtin:demo", model: "demo-delegator", ...data }),
    });
    return r.json();
  }, body);
  return res.agent.id;
}

test("the gallery finds a public agent by search and category, and duplicates it", async ({ browser }) => {
  const tag = Date.now().toString(36);
  const { page: ann } = await registerNewUser(browser, { name: "Ann Sharer", tag: "gallery-ann" });
  const hidden = await create(ann, { name: `Rhyme notebook ${tag}` });
  const helper = await create(ann, { name: `Rhyme finder ${tag}`, visibility: "public" });
  await create(ann, {
    name: `Gallery poet ${tag}`,
    description: "Writes short poems",
    category: "writing",
    visibility: "public",
    subagents: { enabled: true, allowSelf: false, children: [{ id: helper }, { id: hidden }] },
  });

  const { page: bob } = await registerNewUser(browser, { name: "Bob Browser", tag: "gallery-bob" });
  await bob.goto("/agents");
  await bob.getByTestId("agents-gallery").click();
  await expect(bob.getByTestId("gallery-title")).toBeVisible();
  await bob.getByTestId("gallery-search").fill(`poet ${tag}`);
  await bob.getByTestId("gallery-search").press("Enter");
  const card = bob.getByTestId(`gallery-card-Gallery poet ${tag}`);
  await expect(card).toBeVisible();
  await expect(bob.getByTestId("gallery-list").locator("li[data-testid^='gallery-card-']")).toHaveCount(1);
  await expect(card).toContainText("Writing");
  await expect(card.getByTestId("gallery-tree")).toContainText(`Rhyme finder ${tag}`);
  await expect(card.getByTestId("gallery-tree")).toContainText("1 agent you can’t see");
  await expect(card.getByTestId("gallery-tree")).not.toContainText("Rhyme notebook");
  await expect(card.getByTestId("gallery-use")).toHaveAttribute("href", /\/chat\?agent=/);

  // Another category: not there; Writing: there.
  await bob.getByRole("link", { name: "Coding" }).click();
  await expect(bob.getByTestId("gallery-empty")).toBeVisible();
  await bob.getByRole("link", { name: "Writing" }).click();
  await expect(card).toBeVisible();
  await screenshot(bob, "teams-gallery");
  await bob.setViewportSize({ width: 390, height: 844 });
  await shots(bob, SHOTS, "gallery-phone");

  await card.getByTestId("gallery-duplicate").click();
  await expect(bob.getByTestId("agent-title")).toHaveText(`Copy of Gallery poet ${tag}`);
  await expect(bob.getByTestId("agent-category")).toHaveValue("writing");
});
