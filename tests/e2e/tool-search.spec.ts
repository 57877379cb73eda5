import { TITLE_PROMPT } from "../../lib/providers/title-prompt";
import { type FakeServer, type RecordedRequest, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { expect, screenshot, test } from "./fixtures";
import { type GithubLikeServer, startGithubLikeServer } from "./github-like-server";
import { AdminPage } from "./pages/admin-page";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { EndpointsPage } from "./pages/endpoints-page";

// Tool search over a big catalog (issue 33), against a GitHub-like MCP server and a local
// OpenAI-compatible server: with the admin's threshold below the agent's tool count, the model is
// first given search_tools instead of the server's definitions, searches, is then given what it
// found, and calls it. The trace shows the search (query, names found) and the call like any other.

const KEY = "sk-e2e-tool-search-3b9e";
const NAME = "Tool Search Local";
const MODEL = `e2e-toolsearch-${Date.now().toString(36)}`;
const SERVER = "GitHub";
const PICKED = [
  "list_issues",
  "get_issue",
  "create_issue",
  "update_issue",
  "delete_issue",
  "list_pull_requests",
];
let model: FakeServer;
let github: GithubLikeServer;

const toolNames = (r: RecordedRequest): string[] =>
  (r.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
const answerCalls = () =>
  model.requests.filter(
    (r) => r.path === "/v1/chat/completions" && r.body.messages?.[0]?.content !== TITLE_PROMPT,
  );

test.beforeAll(async () => {
  github = await startGithubLikeServer(12);
  model = await startFakeOpenAIServer({
    apiKey: KEY,
    models: [MODEL],
    script: (r) => {
      if (r.body.messages?.[0]?.content === TITLE_PROMPT) return { text: "Login bug" };
      const results = (r.body.messages ?? []).filter((m: { role: string }) => m.role === "tool").length;
      if (results === 0)
        return { toolCalls: [{ name: "search_tools", args: { query: "create issue", limit: 3 } }] };
      if (results === 1)
        return {
          toolCalls: [
            { name: "github__create_issue", args: { owner: "acme", repo: "app", title: "Login fails" } },
          ],
        };
      return { text: "Filed issue #42 for you." };
    },
  });
});

test.afterAll(async () => {
  await model?.close();
  await github?.close();
});

test("above the admin's threshold the agent searches its tools, then calls the one it found", async ({
  adminPage: page,
}) => {
  test.setTimeout(150_000);
  const admin = new AdminPage(page);
  await admin.open("limits");
  // Bad input saves nothing and says why; then a threshold below the agent's six tools.
  await admin.saveSettings("tools", { toolSearchThreshold: "-1" });
  await expect(admin.fieldError("toolSearchThreshold")).toBeVisible();
  await expect(await admin.saveSettings("tools", { toolSearchThreshold: "3" })).toContainText("Saved");
  await page.getByTestId("settings-form-tools").scrollIntoViewIfNeeded();
  await screenshot(page, "tool-search-admin");

  try {
    const endpoints = new EndpointsPage(page);
    await endpoints.gotoNew();
    await endpoints.fill({ name: NAME, baseURL: model.url, apiKey: KEY });
    await expect(await endpoints.fetchModels()).toHaveText("Fetched 1 model.");
    await endpoints.create();

    await page.goto("/admin/tools");
    await page.getByTestId("add-mcp-server").click();
    await page.getByTestId("mcp-input-name").fill(SERVER);
    await page.getByTestId("mcp-input-url").fill(github.url);
    await page.getByTestId("save-mcp-server").click();
    await expect(page).toHaveURL(/\/admin\/tools\/[^/]+\?created=1$/);
    await page.getByTestId("mcp-refresh").click();
    const listed = page.getByTestId("mcp-server-tools");
    await expect(listed.getByTestId("mcp-status")).toHaveAttribute("data-status", "connected");
    await expect(listed.getByTestId("mcp-tool")).toHaveCount(12);

    const builder = new AgentBuilderPage(page);
    await builder.gotoNew();
    await builder.fillBasics({ name: "Issue filer" });
    await page.locator('select[name="provider"]').selectOption({ label: NAME });
    await page.locator('select[name="model"]').selectOption(MODEL);
    const picker = page.getByTestId("tool-picker");
    for (const tool of PICKED) await picker.getByTestId(`tool-github__${tool}`).check();
    await builder.create();

    const chat = new ChatPage(page);
    await page.goto(`/chat?agent=${builder.agentId()}`);
    await chat.send("The login page fails, file an issue");
    await chat.waitForAnswer();
    await expect(chat.lastAssistant()).toContainText("Filed issue #42 for you.");

    // What the model was given: search_tools alone, then search_tools and what the search found.
    const calls = answerCalls();
    expect(calls).toHaveLength(3);
    expect(toolNames(calls[0])).toEqual(["search_tools"]);
    const second = toolNames(calls[1]);
    expect(second[0]).toBe("search_tools");
    expect(second).toContain("github__create_issue");
    expect(second.length).toBeLessThanOrEqual(4);
    expect(second).not.toContain("github__list_pull_requests");
    expect(github.calls).toEqual([
      { name: "create_issue", args: { owner: "acme", repo: "app", title: "Login fails" } },
    ]);

    // The trace: the search with its query and the names found, then the call of the found tool.
    const blocks = chat.lastAssistant().getByTestId("tool-call");
    await expect(blocks).toHaveCount(2);
    const search = blocks.nth(0);
    await expect(search).toHaveAttribute("data-tool", "search_tools");
    await search.getByRole("button").first().click();
    await expect(search.getByTestId("tool-call-details")).toContainText('"query": "create issue"');
    await expect(search.getByTestId("tool-call-result")).toContainText(
      "- github__create_issue (GitHub): Create a new issue in a GitHub repository.",
    );
    const call = blocks.nth(1);
    await expect(call).toHaveAttribute("data-tool", "github__create_issue");
    await expect(call).toHaveAttribute("data-source", SERVER);
    await call.getByRole("button").first().click();
    await expect(call.getByTestId("tool-call-result")).toHaveText("Created issue #42: Login fails");
    await screenshot(page, "tool-search-trace");

    // After a reload the stored trace is the same.
    await page.reload();
    await expect(chat.lastAssistant().getByTestId("tool-call")).toHaveCount(2);
    await expect(chat.lastAssistant().getByTestId("tool-call").nth(0)).toHaveAttribute(
      "data-tool",
      "search_tools",
    );
  } finally {
    await admin.open("limits");
    await admin.saveSettings("tools", { toolSearchThreshold: "40" });
  }
});
