import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { TITLE_PROMPT } from "../../lib/providers/title-prompt";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { type OAuthTestServer, startOAuthTestServer } from "../helpers/mcp-oauth-server";
import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { EndpointsPage } from "./pages/endpoints-page";

// A per-user OAuth MCP server, end to end in Chromium: the admin registers it (auth "per-user
// OAuth"), connects their own account at the local authorization server's consent page and lists
// its tools; a shared agent (a local OpenAI-compatible model that calls the tool) answers the user
// with "connect first" until the user connects their own account, then with that account's answer;
// Settings → Connections shows the connection and Disconnect revokes it.
const SERVER = "Test GitHub";
const TOOL = "test-github__whoami";
const AGENT = "Who am I";
const KEY = "sk-e2e-oauth-3b7e";
const MODEL = "e2e-oauth-model";
const ENDPOINT = "OAuth e2e model";
let svc: OAuthTestServer;
let model: FakeServer;

test.beforeAll(async () => {
  svc = await startOAuthTestServer();
  model = await startFakeOpenAIServer({
    apiKey: KEY,
    models: [MODEL],
    script: (r) => {
      if (r.body.messages?.[0]?.content === TITLE_PROMPT) return { text: "Who am I" };
      const tool = (r.body.messages ?? []).findLast((m: { role: string }) => m.role === "tool");
      if (tool) return { text: `The service says: ${String(tool.content)}` };
      return { toolCalls: [{ name: TOOL, args: {} }] };
    },
  });
});
test.afterAll(async () => {
  await model?.close();
  await svc?.stop();
});

/** Connect at Settings → Connections: the service's consent page, signed in as `account`. */
async function connect(page: Page, account: string) {
  await page.goto("/settings/connections");
  const row = page.getByTestId("connection-row").filter({ hasText: SERVER });
  await expect(row.getByTestId("connection-status")).toHaveText("Not connected");
  await row.getByRole("button", { name: `Connect ${SERVER}` }).click();
  await page.waitForURL((u) => u.href.startsWith(svc.origin));
  await screenshot(page, `mcp-oauth-consent-${account}`);
  await page.getByLabel("Account").fill(account);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/settings\/connections\?connected=/);
  await expect(page.getByTestId("connections-notice")).toHaveText(`Connected to ${SERVER}.`);
  await expect(row.getByTestId("connection-status")).toHaveText("Connected");
}

/** No token the service issued is in the page. */
async function expectNoTokens(page: Page) {
  const html = await page.content();
  for (const t of svc.issuedTokens()) expect(html).not.toContain(t);
}

test.describe
  .serial("per-user OAuth MCP server", () => {
    test("the admin registers it, connects their own account and lists its tools", async ({
      adminPage: page,
    }) => {
      test.setTimeout(120_000);
      await page.goto("/admin/tools");
      await page.getByTestId("add-mcp-server").click();
      await page.getByTestId("mcp-input-name").fill(SERVER);
      await page.getByTestId("mcp-input-url").fill(svc.url);
      await page.getByTestId("mcp-input-auth").selectOption("oauth");
      await page.getByTestId("save-mcp-server").click();
      await expect(page).toHaveURL(/\/admin\/tools\/[^/]+\?created=1$/);
      await expect(page.getByTestId("mcp-input-auth")).toHaveValue("oauth");
      const serverUrl = page.url().split("?")[0];

      await connect(page, "ada-gh");
      await expectNoTokens(page);

      await page.goto(serverUrl);
      await page.getByTestId("mcp-refresh").click();
      const tools = page.getByTestId("mcp-server-tools");
      await expect(tools.getByTestId("mcp-status")).toHaveAttribute("data-status", "connected");
      await expect(tools).toContainText("whoami");

      // The model the agent uses, and the agent, shared with everyone.
      const endpoints = new EndpointsPage(page);
      await endpoints.gotoNew();
      await endpoints.fill({ name: ENDPOINT, baseURL: model.url, apiKey: KEY });
      await expect(await endpoints.fetchModels()).toHaveText("Fetched 1 model.");
      await endpoints.create();
      const builder = new AgentBuilderPage(page);
      await builder.gotoNew();
      await builder.fillBasics({ name: AGENT });
      await page.locator('select[name="provider"]').selectOption({ label: ENDPOINT });
      await page.locator('select[name="model"]').selectOption(MODEL);
      await page.getByTestId(`tool-${TOOL}`).check();
      await page.getByTestId("visibility-public").check();
      await builder.create();
    });

    test("a user is asked to connect, connects their own account, and the agent answers as them", async ({
      userPage: page,
    }) => {
      test.setTimeout(120_000);
      // The builder's picker says the user's account is not connected and links to Connections.
      const builder = new AgentBuilderPage(page);
      await builder.gotoNew();
      await expect(
        page.getByTestId("tool-picker").getByRole("link", { name: `Connect ${SERVER}` }),
      ).toHaveAttribute("href", "/settings/connections");

      // Not connected: the call fails in the trace, naming the server and where to connect; the
      // owner's account is never used for this user.
      const chat = new ChatPage(page);
      await chat.openNew(AGENT);
      const callsBefore = svc.calls.length;
      await chat.send("who am I there?");
      await chat.waitForAnswer();
      const failed = chat.lastAssistant().getByTestId("tool-call");
      await failed.getByRole("button").first().click();
      await expect(failed).toContainText(`"${SERVER}"`);
      await expect(failed).toContainText("/settings/connections");
      expect(svc.calls.length).toBe(callsBefore);

      await connect(page, "uma-gh");
      await expectNoTokens(page);

      await chat.openNew(AGENT);
      await chat.send("who am I there?");
      await chat.waitForAnswer();
      const call = chat.lastAssistant().getByTestId("tool-call");
      await expect(call).toHaveAttribute("data-source", SERVER);
      await call.getByRole("button").first().click();
      await expect(call.getByTestId("tool-call-result")).toContainText("Signed in as uma-gh");
      await expect(chat.lastAssistant()).toContainText("The service says: Signed in as uma-gh");
      // The fake model has no price: the answer says so once ("Cost unknown", not "Cost cost unknown").
      await expect(page.getByTestId("message-cost").last()).toHaveText("Cost unknown");
      expect(svc.calls.at(-1)).toMatchObject({ tool: "whoami", account: "uma-gh" });
      await screenshot(page, "mcp-oauth-chat");
    });

    test("Settings → Connections passes axe in both themes and at 390 px, and Disconnect revokes", async ({
      userPage: page,
    }) => {
      await page.goto("/settings/connections");
      const row = page.getByTestId("connection-row").filter({ hasText: SERVER });
      await expect(row.getByTestId("connection-status")).toHaveText("Connected");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.evaluate(
            (dark) => document.documentElement.classList.toggle("dark", dark),
            scheme === "dark",
          );
          const { violations } = await new AxeBuilder({ page }).analyze();
          const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          expect(
            serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`),
            `${width} ${scheme}`,
          ).toEqual([]);
          await screenshot(page, `mcp-oauth-connections-${width}-${scheme}`);
        }
      }
      const revokedBefore = svc.revoked.length;
      await row.getByRole("button", { name: `Disconnect ${SERVER}` }).click();
      await expect(row.getByTestId("connection-status")).toHaveText("Not connected");
      expect(svc.revoked.length).toBeGreaterThan(revokedBefore);
      await page.reload();
      await expect(row.getByTestId("connection-status")).toHaveText("Not connected");
    });
  });
