import { TITLE_PROMPT } from "../../lib/providers/title-prompt";
import { QUOTA_DEFAULTS } from "../../lib/quota/fields";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { ADMIN, expect, screenshot, test } from "./fixtures";
import { AdminPage } from "./pages/admin-page";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { EndpointsPage } from "./pages/endpoints-page";

// Money budgets against a local OpenAI-compatible server that reports usage, on a model the
// shipped price table prices (gpt-4o): a self-spawn entry with a tiny budget stops its copy while
// the parent goes on, and a monthly budget below what was spent refuses the next send, saying when
// it resets.

const KEY = "sk-e2e-budget-key-51ab";
const NAME = "Priced Local";
const ENTRY_BUDGET = "0.000001";
let server: FakeServer;

test.beforeAll(async () => {
  server = await startFakeOpenAIServer({
    apiKey: KEY,
    models: ["gpt-4o"],
    // The parent delegates to a copy of itself, then answers from the tool result. The copy never
    // reaches the server: its worst case is over its entry budget before its first call.
    script: [
      {
        toolCalls: [{ name: "subagent", args: { subagent_type: "self", description: "Look it up" } }],
        usage: { prompt_tokens: 100, completion_tokens: 20 },
      },
      { text: "Done without the copy.", usage: { prompt_tokens: 120, completion_tokens: 20 } },
    ],
  });
});

// Put the global settings back for the specs after this one, and remove the endpoint.
test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ storageState: ADMIN.state });
  const res = await ctx.request.put("/api/admin/settings", { data: QUOTA_DEFAULTS });
  expect(res.status()).toBe(200);
  await ctx.close();
  await server?.close();
});

test("a subagent budget stops one child while the parent goes on; a monthly budget refuses the next send", async ({
  adminPage: page,
}) => {
  const endpoints = new EndpointsPage(page);
  await endpoints.gotoNew();
  await endpoints.fill({ name: NAME, baseURL: server.url, apiKey: KEY });
  await expect(await endpoints.fetchModels()).toHaveText("Fetched 1 model.");
  const endpointId = await endpoints.create();

  // An agent on the priced model whose self-spawn entry may spend almost nothing per delegation.
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Budgeted Agent" });
  await page.locator('select[name="provider"]').selectOption({ label: NAME });
  await page.locator('select[name="model"]').selectOption("gpt-4o");
  await builder.setSwitch("subagents-enabled", true);
  await page.getByTestId("child-self-budget").fill(ENTRY_BUDGET);
  await builder.create();
  await expect(page.getByTestId("child-self-budget")).toHaveValue(ENTRY_BUDGET);
  const agentId = builder.agentId();

  const chat = new ChatPage(page);
  await page.goto(`/chat?agent=${agentId}`);
  await chat.send("Find the answer");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("Done without the copy.");
  const block = chat.subagentBlocks().first();
  await expect(block.getByTestId("subagent-stop-reason")).toContainText("its budget was reached");
  // The parent read why its child stopped (the engine's own sentence) and went on.
  // The answer's calls; the conversation's title is asked of the same model after the answer.
  const calls = server.requests.filter(
    (r) => r.path === "/v1/chat/completions" && r.body.messages?.[0]?.content !== TITLE_PROMPT,
  );
  const second = calls[1];
  const sent = (second?.body.messages ?? []) as { role: string; content: string }[];
  const toolResult = sent.find((m) => m.role === "tool");
  expect(toolResult?.content).toBe(
    `Subagent Budgeted Agent stopped: its budget of $${ENTRY_BUDGET} was reached`,
  );
  expect(calls).toHaveLength(2);
  await screenshot(page, "budgets-subagent-stopped");

  // The answer cost 2 × (~100 × $2.5 + 20 × $10) per million ≈ $0.0009; a monthly budget of $0.0001
  // is used up, so the next send is refused with the first of next month (UTC) as its reset.
  const admin = new AdminPage(page);
  await admin.open("limits");
  await expect(page.getByTestId("settings-form-budgets")).toContainText("whichever is reached first");
  const status = await admin.saveSettings("budgets", { monthlyBudget: "0.0001" });
  await expect(status).toContainText("Saved");
  await screenshot(page, "budgets-admin-limits");

  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  await page.goto(`/chat?agent=${agentId}`);
  await chat.send("One more");
  const error = page.getByTestId("chat-error");
  await expect(error).toHaveAttribute("data-code", "limit:budget");
  await expect(error).toContainText(`resets at ${nextMonth}`);
  await screenshot(page, "budgets-monthly-refused");

  // Settings says the same: spent this month, the budget, and when it resets.
  await page.goto("/settings");
  await expect(page.getByTestId("budget-periods")).toContainText("This month:");
  await expect(page.getByTestId("budgets-section")).toContainText("whichever is reached first");

  await page.goto(`/admin/endpoints/${endpointId}`);
  await endpoints.delete();
});
