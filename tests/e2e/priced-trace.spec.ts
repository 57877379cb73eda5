import { readFileSync } from "node:fs";
import { TITLE_PROMPT } from "../../lib/providers/title-prompt";
import { type FakeServer, type RecordedRequest, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { expect, screenshot, test } from "./fixtures";
import { AdminPage } from "./pages/admin-page";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { EndpointsPage } from "./pages/endpoints-page";

// Cost and time of a delegation against a local OpenAI-compatible server that reports cached and
// reasoning tokens, on a model the admin prices: the parent's first attempt is refused (503) and
// retried, then it sends two copies of itself in parallel, one copy's first attempt is refused (429)
// and retried. Every call reports the same usage, so each
// costs the same known amount: the block headers, the answer's footer, the conversation's total,
// the timeline (two parallel lanes, the retry drawn as a wait, the critical path) and the CSV
// export all carry figures computed here from the price and the tokens the server reported.

const KEY = "sk-e2e-priced-trace-7c1d";
const NAME = "Priced Trace Local";
const MODEL = `e2e-priced-${Date.now().toString(36)}`;
// Per million: input 1, cached input 0.5, output 2, reasoning 4.
// Each call: 100k prompt (40k cached) + 10k completion (5k reasoning)
// = 60k × 1 + 40k × 0.5 + 5k × 2 + 5k × 4 = 110k per million = $0.11.
const USAGE = {
  prompt_tokens: 100_000,
  completion_tokens: 10_000,
  prompt_tokens_details: { cached_tokens: 40_000 },
  completion_tokens_details: { reasoning_tokens: 5_000 },
};
let server: FakeServer;
const retry = '[data-testid="timeline-span"][data-kind="retry"]';

function lastUser(r: RecordedRequest): string {
  const users = (r.body.messages ?? []).filter((m: { role: string }) => m.role === "user");
  const c = users.at(-1)?.content;
  return typeof c === "string" ? c : JSON.stringify(c);
}

test.beforeAll(async () => {
  let refused = false;
  let refusedRoot = false;
  server = await startFakeOpenAIServer({
    apiKey: KEY,
    models: [MODEL],
    script: (r) => {
      // The conversation's title, asked of the same model after the answer (free here: no tokens).
      if (r.body.messages?.[0]?.content === TITLE_PROMPT)
        return { text: "Two parts", usage: { prompt_tokens: 0, completion_tokens: 0 } };
      const task = lastUser(r);
      if (task.includes("Part A")) {
        // The first attempt of part A is rate limited once; the policy retries it.
        if (!refused) {
          refused = true;
          return { type: "error", status: 429 };
        }
        return { text: "A is 1.", usage: USAGE, delayMs: 30 };
      }
      if (task.includes("Part B")) return { text: "B is 2.", usage: USAGE, delayMs: 10 };
      const answered = (r.body.messages ?? []).some((m: { role: string }) => m.role === "tool");
      if (answered) return { text: "Both parts are done.", usage: USAGE };
      // The parent's first attempt is refused too: its model is tool-bound (it may delegate), and the
      // provider policy must hold there as well.
      if (!refusedRoot) {
        refusedRoot = true;
        return { type: "error", status: 503 };
      }
      return {
        toolCalls: [
          { name: "subagent", args: { subagent_type: "self", description: "Part A" } },
          { name: "subagent", args: { subagent_type: "self", description: "Part B" } },
        ],
        usage: USAGE,
      };
    },
  });
});

test.afterAll(async () => {
  await server?.close();
});

test("priced calls: costs in the trace and totals, a retry on the timeline, the CSV's figures", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const admin = new AdminPage(page);
  await admin.open("pricing");
  const form = page.getByTestId("price-form");
  await form.getByTestId("price-model").fill(MODEL);
  await form.getByTestId("price-inputPerMTok").fill("1");
  await form.getByTestId("price-cachedInputPerMTok").fill("0.5");
  await form.getByTestId("price-outputPerMTok").fill("2");
  await form.getByTestId("price-reasoningPerMTok").fill("4");
  await form.getByTestId("price-add").click();
  await expect(form).toContainText("Price added.");

  const endpoints = new EndpointsPage(page);
  await endpoints.gotoNew();
  await endpoints.fill({ name: NAME, baseURL: server.url, apiKey: KEY });
  await expect(await endpoints.fetchModels()).toHaveText("Fetched 1 model.");
  const endpointId = await endpoints.create();

  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Priced Splitter" });
  await page.locator('select[name="provider"]').selectOption({ label: NAME });
  await page.locator('select[name="model"]').selectOption(MODEL);
  await builder.setSwitch("subagents-enabled", true);
  await builder.create();
  const agentId = builder.agentId();

  const chat = new ChatPage(page);
  await page.goto(`/chat?agent=${agentId}`);
  await chat.send("Split this in two");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("Both parts are done.");

  // Two children, each one call of 110K tokens (10K of them output) at $0.11; four calls in all.
  const blocks = chat.subagentBlocks();
  await expect(blocks).toHaveCount(2);
  for (const stats of await blocks.getByTestId("subagent-stats").allTextContents())
    expect(stats).toMatch(/^110K tok · \$0\.11 · /);
  await expect(page.getByTestId("message-cost")).toHaveText("Cost $0.44");
  await expect(page.getByTestId("conversation-cost")).toHaveText("Conversation total: $0.44");
  // The refused attempts reached the server but were not charged: six requests, four calls.
  const answerCalls = server.requests.filter(
    (r) => r.path === "/v1/chat/completions" && r.body.messages?.[0]?.content !== TITLE_PROMPT,
  );
  expect(answerCalls).toHaveLength(6);

  // The timeline: the root and two parallel children; the root's and part A's retries drawn as
  // waits in their lanes, each refused attempt as a failed call before its wait.
  const answer = chat.lastAssistant();
  await answer.getByTestId("timeline-toggle").click();
  const timeline = answer.getByTestId("timeline");
  const lanes = timeline.getByTestId("timeline-lane");
  await expect(lanes).toHaveCount(3);
  await expect(timeline.locator(retry)).toHaveCount(2);
  await expect(lanes.nth(0).locator(retry)).toHaveCount(1);
  await expect(timeline.locator('[data-testid="timeline-span"][data-kind="model"][data-failed]')).toHaveCount(
    2,
  );
  await lanes.nth(0).locator(retry).focus();
  await expect(timeline.getByTestId("timeline-tip")).toContainText(`Waiting to retry the provider ${MODEL}`);
  await expect(timeline.getByTestId("critical-share")).toContainText(/Critical path: .+ of .+ \(\d+%\)/);
  await expect(timeline.locator('[data-testid="timeline-agent"][data-critical]')).toHaveCount(2);
  // A model call's tip carries its tokens and cost.
  await timeline
    .locator('[data-testid="timeline-span"][data-kind="model"]:not([data-failed])')
    .first()
    .focus();
  await expect(timeline.getByTestId("timeline-tip")).toContainText("100K in · 10K out");
  await expect(timeline.getByTestId("timeline-tip")).toContainText("$0.11");
  await screenshot(page, "priced-trace-timeline");

  // The same after a reload: the stored tree's spans and the ledger's total.
  await page.reload();
  await expect(page.getByTestId("conversation-cost")).toHaveText("Conversation total: $0.44");
  await chat.lastAssistant().getByTestId("timeline-toggle").click();
  await expect(chat.lastAssistant().locator(retry)).toHaveCount(2);

  // The CSV's line for this model: the four calls' sums as the ledger holds them, and the title's
  // call (no tokens) once the title is written.
  await expect(page.getByTestId("conversation-list").first()).toContainText("Two parts");
  await page.goto("/settings/usage");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("usage-csv").click(),
  ]);
  const [header, ...lines] = readFileSync(await download.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  const cols = header.split(",");
  const mine = lines.map((l) => l.split(",")).filter((l) => l[cols.indexOf("model")] === MODEL);
  expect(mine).toHaveLength(1);
  const at = (name: string) => mine[0][cols.indexOf(name)];
  expect(at("calls")).toBe("5");
  expect(at("input_tokens")).toBe("400000");
  expect(at("cached_input_tokens")).toBe("160000");
  expect(at("output_tokens")).toBe("40000");
  expect(at("reasoning_tokens")).toBe("20000");
  expect(Number(at("cost"))).toBeCloseTo(0.44, 9);
  expect(at("unpriced_calls")).toBe("0");

  await page.goto(`/admin/endpoints/${endpointId}`);
  await endpoints.delete();
});
