import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { EndpointsPage } from "./pages/endpoints-page";

// An admin adds an OpenAI-compatible endpoint (a local server speaking OpenAI's wire protocol,
// started here), fetches its models, builds an agent on one of them and chats with it.

const KEY = "sk-e2e-fake-key-7c3d";
const NAME = "Fake Local";
let server: FakeServer;

test.beforeAll(async () => {
  server = await startFakeOpenAIServer({ apiKey: KEY, models: ["fake-model", "fake-model-mini"] });
});
test.afterAll(async () => server?.close());

test("an admin adds an endpoint, builds an agent on its model and chats with it", async ({
  adminPage,
  userPage,
}) => {
  const endpoints = new EndpointsPage(adminPage);
  await endpoints.gotoList();
  await expect(endpoints.row("Scripted demo · offline")).toBeVisible();
  await screenshot(adminPage, "endpoints-list-before");

  // Bad input: every field says what is wrong, nothing is saved.
  await endpoints.gotoNew();
  await endpoints.fill({ name: "", baseURL: "not a url" });
  await endpoints.save();
  await expect(endpoints.fieldError("name")).toHaveText("Enter a name.");
  await expect(endpoints.fieldError("baseURL")).toHaveText("Enter a full http:// or https:// URL.");
  await expect(endpoints.fieldError("models")).toBeVisible();
  await expect(endpoints.status()).toContainText("Nothing was saved");
  await screenshot(adminPage, "endpoint-form-errors");

  // A wrong key: fetching models says the endpoint rejected it.
  await endpoints.fill({ name: NAME, baseURL: server.url, apiKey: "sk-wrong-0000" });
  await expect(await endpoints.fetchModels()).toContainText(`The endpoint ${NAME} rejected the API key`);

  await endpoints.fill({ name: NAME, baseURL: server.url, apiKey: KEY });
  await endpoints.addHeader("X-Team", "e2e");
  await expect(await endpoints.fetchModels()).toHaveText("Fetched 2 models.");
  await expect(endpoints.models()).toHaveValue("fake-model\nfake-model-mini");
  await expect(endpoints.fieldError("models")).toHaveCount(0);
  await endpoints.setAllowUserKeys(true);
  await screenshot(adminPage, "endpoint-form-filled");
  const endpointId = await endpoints.create();
  await expect(endpoints.storedKeyHint()).toHaveText(`••••${KEY.slice(-4)}`);
  await expect(adminPage.getByTestId("input-apiKey")).toHaveValue("");
  expect(await adminPage.content()).not.toContain(KEY);
  await screenshot(adminPage, "endpoint-edit");

  await endpoints.gotoList();
  await expect(endpoints.row(NAME).getByTestId("endpoint-key")).toHaveText("••••7c3d");
  await screenshot(adminPage, "endpoints-list-after");
  await adminPage.emulateMedia({ colorScheme: "dark" });
  await adminPage.reload();
  await screenshot(adminPage, "endpoints-list-dark");
  await endpoints.open(NAME);
  await screenshot(adminPage, "endpoint-edit-dark");
  await adminPage.emulateMedia({ colorScheme: "light" });

  // The agent builder offers the endpoint's models.
  const builder = new AgentBuilderPage(adminPage);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Fake Endpoint Agent" });
  await adminPage.locator('select[name="provider"]').selectOption({ label: NAME });
  await adminPage.locator('select[name="model"]').selectOption("fake-model");
  await builder.create();
  const agentId = builder.agentId();

  // Chat with it: the answer comes from the fake server through the real OpenAI client.
  const chat = new ChatPage(adminPage);
  await adminPage.goto(`/chat?agent=${agentId}`);
  await chat.send("Say hello");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("Hello from fake-model: Say hello");
  const call = server.requests.findLast((r) => r.path === "/v1/chat/completions");
  expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(call?.headers["x-team"]).toBe("e2e");
  await screenshot(adminPage, "endpoint-chat");

  // A user can't see the admin page, but can store a personal key for the endpoint.
  const res = await userPage.goto("/admin/endpoints");
  expect(res?.status()).toBe(404);
  await expect(userPage.getByTestId("not-found")).toBeVisible();
  const settings = new EndpointsPage(userPage);
  await settings.gotoSettings();
  await settings.savePersonalKey(NAME, "sk-user-personal-9999");
  await expect(settings.personalKey(NAME).getByTestId("personal-key-hint")).toHaveText("Your key ••••9999");
  await screenshot(userPage, "settings-personal-key");
  await userPage.emulateMedia({ colorScheme: "dark" });
  await userPage.reload();
  await screenshot(userPage, "settings-personal-key-dark");

  // Clean up so later specs see the demo model again (DEMO_ENDPOINT=auto).
  await adminPage.goto(`/admin/endpoints/${endpointId}`);
  await endpoints.delete();
  await expect(endpoints.row(NAME)).toHaveCount(0);
});
