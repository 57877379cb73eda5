import { appendFileSync, mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { EvalsPage } from "./pages/evals-page";

// axe-core over the main pages, in both themes, at desktop and phone width. Any serious or critical
// violation fails the page's test. Every violation (all impacts) is also appended, one JSON line per
// page state, to test-results/axe-<port>.jsonl, so a run can be summarised by rule (counts of nodes).
const PORT = process.env.E2E_PORT ?? 3100;
const REPORT = `test-results/axe-${PORT}.jsonl`;
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const THEMES = ["light", "dark"] as const;

type State = {
  name: string;
  signedIn: boolean;
  open: (page: Page) => Promise<void>;
  /** Only at this width (the phone drawers do not exist on a desktop). */
  only?: keyof typeof VIEWPORTS;
  /** A request is held open on purpose (an answer that never ends): don't wait for network idle. */
  holdsRequest?: true;
};

/** One conversation whose answer has subagent blocks, shared by the chat states below. */
let conversationUrl = "";
let agentUrl = "";
/** The ask_user agent's name: the set-up runs once per theme and viewport, each makes its own. */
let askerName = "";
/** A shared link to that conversation (opened signed out). */
let shareUrl = "";

async function prepare(browser: Browser) {
  if (conversationUrl) return;
  const ctx = await browser.newContext({ storageState: ADMIN.state });
  const page = await ctx.newPage();
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 6 * 7\nWhat time is it?");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[a-z0-9]+$/);
  conversationUrl = new URL(page.url()).pathname;
  const created = await page.evaluate(async (conversationId) => {
    const res = await fetch("/api/shares", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ conversationId }),
    });
    return (await res.json()) as { token: string };
  }, conversationUrl.split("/").at(-1));
  shareUrl = `/share/${created.token}`;
  // A thumbs down with a comment on its answer: the chat's feedback state and Admin → Usage's feedback.
  await page.evaluate(async (conversationId) => {
    const view = await (await fetch(`/api/conversations/${conversationId}`)).json();
    const answer = view.messages.findLast((m: { role: string }) => m.role === "ASSISTANT");
    await fetch(`/api/messages/${answer.id}/feedback`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rating: "down", comment: "The time was missing its zone." }),
    });
  }, conversationUrl.split("/").at(-1));
  // A conversation made through the Agents API, so the chat list shows its "API" marker.
  await page.goto("/settings/api-keys");
  const form = page.getByTestId("api-key-create");
  await form.getByLabel("Name").fill("a11y");
  await form.getByTestId("api-key-submit").click();
  const secret = (await page.getByTestId("api-key-secret").textContent())?.trim() ?? "";
  const auth = { Authorization: `Bearer ${secret}` };
  const models = await (await page.request.get("/v1/models", { headers: auth })).json();
  const lead = models.data.find((m: { name: string }) => m.name === "Team Lead");
  const answered = await page.request.post("/v1/chat/completions", {
    headers: auth,
    data: { model: lead.id, messages: [{ role: "user", content: "Asked through the API" }] },
  });
  expect(answered.status()).toBe(200);
  const builder = new AgentBuilderPage(page);
  // An agent that asks the user (ask_user), for the question state.
  await builder.gotoNew();
  askerName = `A11y asker ${Date.now().toString(36)}`;
  await builder.fillBasics({ name: askerName });
  await page.getByTestId("tool-picker").getByTestId("tool-ask_user").check();
  await builder.create();
  await builder.open("Team Lead");
  agentUrl = new URL(page.url()).pathname;
  await ctx.close();
}

const goto =
  (path: string, ready?: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    if (ready) await expect(page.getByTestId(ready).first()).toBeVisible();
  };

const STATES: State[] = [
  { name: "sign-in", signedIn: false, open: goto("/signin") },
  { name: "forgot-password", signedIn: false, open: goto("/forgot-password", "forgot-form") },
  // The link's page renders its form for any token (the form checks it).
  {
    name: "reset-password",
    signedIn: false,
    open: goto(`/reset-password?token=pr_${"x".repeat(43)}`, "reset-form"),
  },
  { name: "register", signedIn: false, open: goto("/register") },
  { name: "chat-empty", signedIn: true, open: goto("/chat", "composer-input") },
  {
    name: "chat-answer",
    signedIn: true,
    open: async (page) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Compute 2 * 3\nWhat time is it?");
      await chat.waitForAnswer();
      await chat.subagentBlocks().first().getByTestId("subagent-toggle").click();
    },
  },
  {
    name: "timeline-open",
    signedIn: true,
    open: async (page) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Compute 2 * 3\nWhat time is it?");
      await chat.waitForAnswer();
      await chat.lastAssistant().getByTestId("timeline-toggle").click();
      await expect(chat.lastAssistant().getByTestId("timeline-lane").first()).toBeVisible();
    },
  },
  {
    // The composer while an answer runs, with Queue and Steer beside Stop and a queued message. The
    // answer's request is held in the browser (never answered), so the state stays put for axe.
    name: "chat-steer-queue",
    signedIn: true,
    holdsRequest: true,
    open: async (page) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await page.route("**/api/chat", () => {});
      await chat.send("Compare three databases");
      const input = page.getByTestId("composer-input");
      await input.fill("Compute 6 * 7");
      await page.getByTestId("queue-button").click();
      await input.fill("Keep it short");
      await expect(page.getByTestId("steer-button")).toBeVisible();
      await expect(page.getByTestId("queued-message")).toHaveCount(1);
    },
  },
  {
    // The Tasks page with a background task (the demo's "[background]" marker).
    name: "tasks",
    signedIn: true,
    open: async (page) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Compare three databases [background]");
      await chat.waitForAnswer();
      await goto("/tasks", "task-list")(page);
    },
  },
  {
    // A question to the user (ask_user): inline in its block and above the composer.
    name: "chat-question",
    signedIn: true,
    open: async (page) => {
      const chat = new ChatPage(page);
      await chat.openNew(askerName);
      await chat.send("Pick one [ask]");
      await expect(page.getByTestId("composer-questions").getByTestId("question-choice")).toHaveCount(2, {
        timeout: 45_000,
      });
    },
  },
  {
    // After Edit arguments: the model's arguments struck through beside the ones that ran.
    name: "chat-approval-edited",
    signedIn: true,
    open: async (page) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: a11y edited call");
      await chat.waitForAnswer();
      await chat.send("Delete the note a11y edited call");
      const waiting = chat.lastAssistant().locator('[data-testid="tool-call"][data-approval="pending"]');
      await waiting.getByTestId("approval-edit").click();
      await waiting.getByTestId("approval-args").fill('{ "id": "no-such-note" }');
      await waiting.getByTestId("approval-run-edited").click();
      await chat.waitForAnswer();
      await expect(chat.lastAssistant().getByTestId("approval-model-args")).toBeVisible();
    },
  },
  {
    name: "conversation",
    signedIn: true,
    open: async (page) => goto(conversationUrl, "assistant-message")(page),
  },
  {
    // A rated answer with its comment box open.
    name: "chat-feedback",
    signedIn: true,
    open: async (page) => {
      await goto(conversationUrl, "assistant-message")(page);
      await page.getByTestId("feedback-comment-edit").last().click();
      await expect(page.getByTestId("feedback-comment")).toBeVisible();
    },
  },
  {
    name: "share-dialog",
    signedIn: true,
    open: async (page) => {
      await goto(conversationUrl, "assistant-message")(page);
      await page.getByTestId("share-conversation").click();
      await page.getByTestId("share-create").click();
      await expect(page.getByTestId("share-link")).toBeVisible();
    },
  },
  { name: "share-page", signedIn: false, open: async (page) => goto(shareUrl, "shared-conversation")(page) },
  { name: "share-gone", signedIn: false, open: goto(`/share/sh_${"x".repeat(43)}`, "share-not-found") },
  {
    name: "chat-temporary",
    signedIn: true,
    open: async (page) => {
      await goto("/chat", "composer-input")(page);
      await page.getByTestId("temporary-toggle").check();
      await expect(page.getByTestId("temporary-banner")).toBeVisible();
    },
  },
  { name: "agents", signedIn: true, open: goto("/agents", "agent-link") },
  {
    name: "menu-drawer",
    signedIn: true,
    only: "phone",
    open: async (page) => {
      await goto("/agents", "agent-link")(page);
      await page.getByTestId("open-menu").click();
      await expect(page.getByRole("dialog", { name: "menu" })).toBeVisible();
    },
  },
  {
    name: "chats-drawer",
    signedIn: true,
    only: "phone",
    open: async (page) => {
      await goto(conversationUrl, "assistant-message")(page);
      await page.getByTestId("open-chats").click();
      await expect(page.getByRole("dialog", { name: "chats" })).toBeVisible();
    },
  },
  {
    name: "shortcuts-dialog",
    signedIn: true,
    open: async (page) => {
      await goto("/agents", "agent-link")(page);
      // The list is server-rendered: a "?" pressed before the page has hydrated reaches no
      // listener (CI, once). Pressed again until the dialog opens.
      await expect(async () => {
        await page.keyboard.press("?");
        await expect(page.getByTestId("shortcuts-dialog")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    },
  },
  { name: "builder-new", signedIn: true, open: goto("/agents/new", "agent-form") },
  { name: "builder-edit", signedIn: true, open: async (page) => goto(agentUrl, "agent-form")(page) },
  { name: "agents-gallery", signedIn: true, open: goto("/agents/gallery", "gallery-title") },
  {
    // A team file whose lead names an endpoint this server lacks: the preview with its mapping step.
    name: "agents-import",
    signedIn: true,
    open: async (page) => {
      const file = await (await page.request.get(`/api${agentUrl}/export`)).text();
      await goto("/agents/import", "import-text")(page);
      await page.getByTestId("import-text").fill(file.replace(/endpoint: .*/, "endpoint: Partner GPT"));
      await page.getByTestId("import-preview").click();
      await expect(page.getByTestId("import-mapping")).toBeVisible();
    },
  },
  {
    // The Evals page with a finished run against two versions (run once; later states reload it).
    name: "builder-evals",
    signedIn: true,
    open: async (page) => {
      const evals = new EvalsPage(page);
      await evals.open(agentUrl);
      if ((await page.getByTestId("eval-run").count()) === 0) {
        await evals.saveCases([
          {
            name: "math",
            input: "Compute 6 * 7",
            checks: [{ kind: "contains", value: "42" }],
            judge: { rubric: "Gives 42.", endpoint: "builtin:demo", model: "demo-delegator" },
          },
        ]);
        const versions = await page.getByTestId("eval-version-a").locator("option").count();
        await evals.run(1, Math.max(1, versions));
      }
      await expect(page.getByTestId("eval-results")).toBeVisible();
      // The owner's files for cases, with one listed.
      if ((await page.getByTestId("eval-files").count()) === 0) {
        await page
          .getByTestId("eval-file-upload")
          .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Notes") });
        await expect(page.getByTestId("eval-files")).toContainText("notes.txt");
      }
      // The folded parts open too: the judge's prompt and, with two versions, the answers' diff.
      await page.getByTestId("eval-judge").first().locator("summary").click();
      const diff = page.getByTestId("eval-diff");
      if (await diff.count()) await diff.first().locator("summary").click();
    },
  },
  {
    // The builder after a save, with the previous version's last eval and "Run evals" (the agent
    // needs cases and a second version: made here when missing).
    name: "builder-version-prompt",
    signedIn: true,
    open: async (page) => {
      const evals = new EvalsPage(page);
      await evals.open(agentUrl);
      if (!(await page.getByTestId("eval-cases").inputValue()).trim())
        await evals.saveCases([{ name: "math", input: "Compute 6 * 7", checks: [] }]);
      await goto(agentUrl, "agent-form")(page);
      if ((await page.getByTestId("version-eval-prompt").count()) === 0)
        await new AgentBuilderPage(page).saveChanges();
      await expect(page.getByTestId("version-eval-prompt")).toBeVisible();
    },
  },
  { name: "settings", signedIn: true, open: goto("/settings") },
  { name: "settings-api-keys", signedIn: true, open: goto("/settings/api-keys", "api-key-create") },
  { name: "docs-api", signedIn: true, open: goto("/docs/api", "api-docs-title") },
  { name: "settings-usage", signedIn: true, open: goto("/settings/usage", "usage-chart") },
  { name: "settings-files", signedIn: true, open: goto("/settings/files", "my-files-title") },
  {
    // The composer's "From my files" menu, open.
    name: "chat-my-files",
    signedIn: true,
    open: async (page) => {
      await goto("/chat", "composer-input")(page);
      await page.getByTestId("my-files-picker").locator("summary").click();
      await expect(page.getByTestId("my-files-picker").getByText("My files")).toBeVisible();
    },
  },
  ...[
    "/admin",
    "/admin/registration",
    "/admin/limits",
    "/admin/balances",
    "/admin/rate-limits",
    "/admin/files",
    "/admin/overrides",
    "/admin/endpoints",
    "/admin/endpoints/new",
    "/admin/tools",
    "/admin/tools/new",
    "/admin/api-keys",
    "/admin/pricing",
    "/admin/usage",
    "/admin/audit",
  ].map((path) => ({ name: path.slice(1).replaceAll("/", "-"), signedIn: true, open: goto(path) })),
];

async function checkState(
  browser: Browser,
  state: State,
  viewportName: keyof typeof VIEWPORTS,
  theme: (typeof THEMES)[number],
  locale?: string,
) {
  await prepare(browser);
  const ctx = await browser.newContext({
    viewport: VIEWPORTS[viewportName],
    colorScheme: theme,
    storageState: state.signedIn ? ADMIN.state : undefined,
    ...(locale ? { locale } : {}),
  });
  const page = await ctx.newPage();
  await state.open(page);
  if (!state.holdsRequest) await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).analyze();
  // What axe checked, to look at (a page can pass and still look broken).
  const tag = locale ? `${locale}-` : "";
  await page.screenshot({ path: `/tmp/shots-ux/axe-${tag}${viewportName}-${theme}-${state.name}.png` });
  await ctx.close();

  mkdirSync("test-results", { recursive: true });
  const byRule = Object.fromEntries(violations.map((v) => [v.id, v.nodes.length]));
  const entry = { state: state.name, viewport: viewportName, theme, locale: locale ?? "en", byRule };
  appendFileSync(REPORT, `${JSON.stringify(entry)}\n`);

  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

for (const viewportName of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  for (const theme of THEMES) {
    test.describe(`axe · ${viewportName} · ${theme}`, () => {
      for (const state of STATES.filter((s) => !s.only || s.only === viewportName)) {
        test(state.name, ({ browser }) => checkState(browser, state, viewportName, theme));
      }
    });
  }
}

// The Chinese UI (longer or shorter labels, another font): the main pages once per width, each
// width in one theme (the two themes' colours were checked above, and they don't change with text).
const IN_CHINESE = ["sign-in", "register", "chat-answer", "builder-new", "settings", "admin"];
for (const [viewportName, theme] of [
  ["desktop", "light"],
  ["phone", "dark"],
] as const) {
  test.describe(`axe · zh-CN · ${viewportName} · ${theme}`, () => {
    for (const state of STATES.filter((s) => IN_CHINESE.includes(s.name))) {
      test(state.name, ({ browser }) => checkState(browser, state, viewportName, theme, "zh-CN"));
    }
  });
}
