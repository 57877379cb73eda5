import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";
import { startTeamNotesServer, type TeamNotesServer } from "./team-notes-server";

// An admin adds an MCP server in Admin → Tools and lists its tools; a user picks one in the
// builder, chats, and sees the call (server, arguments, result, duration) in the trace.
const SERVER = "Team notes";
const AGENT = "Note reader";
let notes: TeamNotesServer;

test.beforeAll(async () => {
  notes = await startTeamNotesServer("e2e-team-token-5c1d");
});
test.afterAll(async () => {
  await notes?.close();
});

test.describe
  .serial("MCP tools", () => {
    test("an admin adds a server, its tools are listed after Refresh", async ({ adminPage: page }) => {
      await page.goto("/admin/tools");
      await expect(page.getByTestId("tools-title")).toBeVisible();
      await expect(page.getByTestId("mcp-server-row-Notes (built-in)")).toBeVisible();

      await page.getByTestId("add-mcp-server").click();
      await page.getByTestId("mcp-input-name").fill(SERVER);
      await page.getByTestId("mcp-input-url").fill(notes.url);
      await page.getByTestId("add-header").click();
      await page.getByTestId("header-name-0").fill("Authorization");
      await page.getByTestId("header-value-0").fill(`Bearer ${notes.token}`);
      await page.getByTestId("save-mcp-server").click();
      await expect(page).toHaveURL(/\/admin\/tools\/[^/]+\?created=1$/);
      await expect(page.getByTestId("mcp-server-title")).toHaveText(SERVER);
      // The header's value is write-only: only its name comes back.
      await expect(page.getByTestId("header-name-0")).toHaveValue("Authorization");
      await expect(page.getByTestId("header-value-0")).toHaveValue("");
      expect(await page.content()).not.toContain(notes.token);

      await page.getByTestId("mcp-refresh").click();
      const tools = page.getByTestId("mcp-server-tools");
      await expect(tools.getByTestId("mcp-status")).toHaveAttribute("data-status", "connected");
      await expect(tools.getByTestId("mcp-tool")).toHaveCount(2);
      await expect(tools).toContainText("list_notes");
      await screenshot(page, "mcp-admin-server");

      await page.goto("/admin/tools");
      await expect(page.getByTestId(`mcp-server-row-${SERVER}`)).toContainText("Connected");
      await screenshot(page, "mcp-admin-list");
    });

    test("a user picks the server's tool in the builder and sees the call in the trace", async ({
      userPage: page,
    }) => {
      const builder = new AgentBuilderPage(page);
      await builder.gotoNew();
      await builder.fillBasics({ name: AGENT, description: "Reads the team's notes" });
      const picker = page.getByTestId("tool-picker");
      await expect(picker.getByTestId(`tool-group-${SERVER}`)).toBeVisible();
      await picker.getByTestId("tool-search").fill("team");
      await expect(picker.getByTestId("tool-group-Built-in")).toHaveCount(0);
      await picker.getByTestId("tool-team-notes__list_notes").check();
      await expect(page.getByTestId("preview-tools").first()).toContainText("team-notes: list_notes");
      await picker.scrollIntoViewIfNeeded();
      await screenshot(page, "mcp-builder-picker");
      await builder.create();

      // A parent with it as an explicit child: the child keeps only its own tools, the self-spawn
      // entry has the parent's; the preview lists each node's tools.
      await builder.gotoNew();
      await builder.fillBasics({ name: "Notes boss" });
      await page.getByTestId("tool-calculator").check();
      await builder.setSwitch("subagents-enabled", true);
      await builder.addSubagent(AGENT);
      await expect(builder.child(AGENT).getByTestId(`child-${AGENT}-tools`)).toContainText(
        "team-notes: list_notes",
      );
      await expect(page.getByTestId("child-self-tools")).toContainText("calculator");
      await expect(page.getByTestId("preview-tools")).toHaveText([
        "calculator",
        "calculator",
        "team-notes: list_notes",
      ]);
      await page.getByTestId("section-subagents").scrollIntoViewIfNeeded();
      await screenshot(page, "mcp-builder-subagents");

      const chat = new ChatPage(page);
      await chat.openNew(AGENT);
      await chat.send("list my notes");
      await chat.waitForAnswer();
      const call = chat.lastAssistant().getByTestId("tool-call");
      await expect(call).toHaveAttribute("data-source", SERVER);
      await expect(call.getByTestId("tool-call-name")).toHaveText("list_notes");
      await expect(call.getByTestId("tool-call-duration")).toBeVisible();
      await call.getByRole("button").click();
      await expect(call.getByTestId("tool-call-result")).toContainText("Stand-up moves to 9:30");
      // The text, then the structured content once, collapsed (not the same data again as JSON).
      await expect(call.getByTestId("tool-call-result")).not.toContainText("count");
      const structured = call.getByTestId("tool-call-structured");
      await expect(structured).toHaveJSProperty("open", false);
      await structured.locator("summary").click();
      await expect(structured.locator("pre")).toHaveText('{\n  "count": 1\n}');
      await expect(chat.lastAssistant()).toContainText("Stand-up moves to 9:30");
      await screenshot(page, "mcp-chat-trace");
    });

    test("the starter lead saves a note with the built-in notes server, traced inside the answer", async ({
      userPage: page,
    }) => {
      const chat = new ChatPage(page);
      await chat.openNew("Team Lead");
      await chat.send("Save a note: water the office plants");
      await chat.waitForAnswer();
      const call = chat.lastAssistant().getByTestId("tool-call");
      await expect(call).toHaveAttribute("data-source", "Notes (built-in)");
      await expect(chat.lastAssistant()).toContainText("Saved your note");
      await chat.send("list my notes");
      await chat.waitForAnswer();
      await expect(chat.lastAssistant()).toContainText("water the office plants");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "mcp-chat-notes-phone");
    });
  });

// One status per server (issue 33, defect 4c): a Refresh of a server that does not answer is
// stored, and the page says it once — the stored status with its reason and time — not a live
// sentence from the button beside a stale "Not checked yet · Last refreshed: never".
test("a server that does not answer shows one status: the stored error, once", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/tools/new");
  await page.getByTestId("mcp-input-name").fill("Nobody home");
  // Port 9 (discard): nothing listens there, so the connection is refused.
  await page.getByTestId("mcp-input-url").fill("http://127.0.0.1:9/mcp");
  await page.getByTestId("save-mcp-server").click();
  await expect(page).toHaveURL(/\/admin\/tools\/[^/]+\?created=1$/);
  const status = page.getByTestId("mcp-server-tools").getByTestId("mcp-status");
  await expect(status).toHaveAttribute("data-status", "unknown");
  await page.getByTestId("mcp-refresh").click();
  await expect(status).toHaveAttribute("data-status", "error");
  await expect(status.getByTestId("mcp-error")).toContainText('MCP server "Nobody home" is unavailable');
  await expect(status).not.toContainText("Not checked yet");
  await expect(status.getByTestId("mcp-last-refreshed")).not.toContainText("never");
  // The reason is said once on the page (no second status from the Refresh button).
  await expect(page.getByText(/MCP server "Nobody home" is unavailable/)).toHaveCount(1);
  await expect(page.getByTestId("mcp-server-tools").getByTestId("form-status")).toHaveCount(0);
  // A stored status says nothing that holds only for now (the back-off's "tried again in 1 s").
  await expect(status).not.toContainText("tried again");

  await page.goto("/admin/tools");
  const row = page.getByTestId("mcp-server-row-Nobody home");
  await expect(row.getByTestId("mcp-status")).toHaveAttribute("data-status", "error");
  await expect(row.getByText(/MCP server "Nobody home" is unavailable/)).toHaveCount(1);
  await row.getByTestId("mcp-server-edit").click();
  await page.getByTestId("delete-mcp-server").click();
  await page.getByTestId("delete-mcp-server-dialog-confirm").click();
  await expect(page).toHaveURL(/\/admin\/tools$/);
});
