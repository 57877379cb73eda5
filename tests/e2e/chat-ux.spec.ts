import { type Browser, test as base } from "@playwright/test";
import { ADMIN, expect, registerNewUser, shots } from "./fixtures";
import { AdminPage } from "./pages/admin-page";
import { ChatPage } from "./pages/chat-page";

// What a demanding user notices in the chat (issue 14: items 1, 8, 14, 15, 16, 17) and the app's
// installability (icons and web manifest). Each test signs up its own user, so limits set for
// that user and its conversations touch no other spec.

const test = base;
const DAY = 86_400_000;
// Screenshots for people to look at; not kept in the repository.
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/chat-ux-shots";
const newUser = (browser: Browser, tag: string, viewport?: { width: number; height: number }) =>
  registerNewUser(browser, { name: `UX ${tag}`, tag, viewport });

async function asAdmin(browser: Browser): Promise<AdminPage> {
  const ctx = await browser.newContext({ storageState: ADMIN.state });
  return new AdminPage(await ctx.newPage());
}

test("a refused send keeps the draft next to the refusal, and Regenerate says why it is off", async ({
  browser,
}) => {
  const { page, email } = await newUser(browser, "refused");
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 6 * 7");
  await chat.waitForAnswer();
  await expect(page.getByTestId("regenerate")).toBeEnabled();

  // One message per hour for this user: the next send is refused with a rate limit.
  const admin = await asAdmin(browser);
  await admin.open("overrides");
  await expect(
    await admin.saveOverride(email, { messagesPerWindow: "1", windowSeconds: "3600" }),
  ).toContainText("Saved");

  const input = page.getByTestId("composer-input");
  await input.fill("A second question\nwith two lines");
  await input.press("Enter");
  const refusal = page.getByTestId("chat-error");
  await expect(refusal).toHaveAttribute("data-code", "rate_limit:messages");
  // The draft is back in the composer, the thread doesn't show a message that was never sent…
  await expect(input).toHaveValue("A second question\nwith two lines");
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("message-list").getByTestId("chat-error")).toHaveCount(0);
  // …and the refusal sits right above the composer, not somewhere up in the thread.
  const r = await refusal.boundingBox();
  const c = await input.boundingBox();
  expect(r && c && c.y - (r.y + r.height)).toBeLessThan(48);
  expect(r && c && c.y - (r.y + r.height)).toBeGreaterThanOrEqual(0);

  // An edit that is refused keeps its text in the editor too.
  await page.getByTestId("edit-message").click();
  await page.getByTestId("edit-input").fill("Compute 6 * 8");
  await page.getByTestId("edit-send").click();
  await expect(page.getByTestId("edit-input")).toHaveValue("Compute 6 * 8");
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await page.getByRole("button", { name: "Cancel" }).click();

  // Regenerate would be refused too: disabled, with the server's reason next to it.
  await expect(page.getByTestId("regenerate")).toBeDisabled();
  await expect(page.getByTestId("regenerate-blocked")).toContainText("Try again in");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, SHOTS, "refused-desktop");
  await page.setViewportSize({ width: 390, height: 820 });
  await shots(page, SHOTS, "refused-phone");

  // An empty balance, known when the page renders: Regenerate is off after a reload too.
  await admin.page.reload();
  const form = admin.page.getByTestId("override-form");
  await form.locator('select[name="balanceEnabled"]').selectOption("true");
  for (const [key, value] of [
    ["messagesPerWindow", "0"],
    ["startBalance", "0"],
    ["refillAmount", "0"],
  ])
    await form.getByTestId(`override-${key}`).fill(value);
  await form.getByTestId("save-override").click();
  await expect(form.getByTestId("form-status")).toContainText("Saved");
  await page.reload();
  await chat.waitForAnswer();
  await expect(page.getByTestId("regenerate")).toBeDisabled();
  await expect(page.getByTestId("regenerate-blocked")).toContainText("no tokens left");
});

test("the balance badge counts down as the answer streams; children stopped by an empty balance say so", async ({
  browser,
}) => {
  const { page, email } = await newUser(browser, "balance");
  const admin = await asAdmin(browser);
  await admin.open("overrides");
  // Balances on for this user, in one save (a second save's "Saved" could be the first one's).
  const picker = admin.page.getByTestId("override-user");
  await picker.selectOption(
    (await picker.locator("option", { hasText: email }).getAttribute("value")) as string,
  );
  await expect(admin.page).toHaveURL(/[?&]user=/);
  const form = admin.page.getByTestId("override-form");
  await form.locator('select[name="balanceEnabled"]').selectOption("true");
  for (const [key, value] of [
    ["startBalance", "100000"],
    ["refillAmount", "0"],
    ["messagesPerWindow", "0"],
  ])
    await form.getByTestId(`override-${key}`).fill(value);
  await form.getByTestId("save-override").click();
  await expect(form.getByTestId("form-status")).toContainText("Saved");

  const chat = new ChatPage(page);
  const badge = page.getByTestId("balance-badge");
  const balance = async () => Number(await badge.getAttribute("data-balance"));
  const TASKS = "Compute 2 + 2\nWhat time is it?\nCompute 9 * 9";
  await chat.openNew("Team Lead");
  await expect(badge).toHaveAttribute("data-balance", "100000");
  await chat.send(TASKS);
  // The lead's first model call is charged before it delegates: the badge moves with no reload.
  await expect(chat.subagentBlocks().first()).toBeVisible({ timeout: 20_000 });
  expect(await balance()).toBeLessThan(100_000);
  await chat.waitForAnswer();
  const live = await balance();
  // The conversation's title is written after the answer, by the agent's model: its tokens are
  // charged too (a few hundred), so the stored balance is the live one less the title's.
  await expect(page.getByTestId("conversation-list").first()).toContainText("(demo title)");
  await page.reload();
  await expect(badge).toBeVisible();
  const stored = await balance();
  expect(stored).toBeLessThan(live);
  expect(live - stored).toBeLessThan(1_000);
  // Each block names the model its child ran on.
  await expect(chat.subagentBlocks().first().getByTestId("subagent-model")).toHaveText("demo-delegator");

  // A quarter of what that answer cost: the balance runs out while the children work.
  const spent = 100_000 - stored;
  await admin.open("balances");
  await admin.adjustBalance(email, "set", Math.floor(spent / 4));
  await chat.openNew("Team Lead");
  await chat.send(TASKS);
  await chat.waitForAnswer("FAILED");
  await expect(chat.lastAssistant()).toContainText(/no tokens left|balance/i);
  expect(await balance()).toBeLessThanOrEqual(0);
  const stopped = chat.lastAssistant().locator('[data-testid="subagent-block"][data-status="stopped"]');
  await expect(stopped.first()).toBeVisible();
  await expect(stopped.first().getByTestId("subagent-stop-reason")).toHaveText("— balance ran out");
  // A stopped block says how long it ran, like a finished one.
  await expect(stopped.first().getByTestId("subagent-stats")).toContainText(/\d+(\.\d+)? ?(ms|s)\b/);
  await expect(
    chat.lastAssistant().locator('[data-testid="subagent-block"][data-status="failed"]'),
  ).toHaveCount(0);
  // One status for the answer and its blocks, the reason said once, the badge at 0 (issue 25.6).
  await expect(chat.lastAssistant().getByTestId("trace-status").first()).toHaveText(
    "stopped: balance ran out",
  );
  await expect(page.getByText(/ran out during this answer/)).toHaveCount(1);
  await expect(badge).toHaveText("0 tokens · ran out");
  // What the children had finished is shown with the answer, not only inside the closed blocks.
  const done = await chat
    .lastAssistant()
    .locator('[data-testid="subagent-block"][data-status="completed"]')
    .count();
  await expect(chat.lastAssistant().getByTestId("ended-early-item")).toHaveCount(done);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, SHOTS, "balance-ran-out-desktop");
  await page.setViewportSize({ width: 390, height: 820 });
  await shots(page, SHOTS, "balance-ran-out-phone");
});

test("the empty chat offers three starters that make the demo team delegate", async ({ browser }) => {
  const { page } = await newUser(browser, "starters");
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  const starters = page.getByTestId("starter");
  await expect(starters).toHaveCount(3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, SHOTS, "empty-desktop");
  await page.setViewportSize({ width: 390, height: 820 });
  await shots(page, SHOTS, "empty-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  await starters.first().click();
  await expect(chat.subagentBlocks()).toHaveCount(2, { timeout: 20_000 });
  await chat.waitForAnswer();
  await expect(page.getByTestId("user-message")).toContainText("Compute 17 * 23 + 4");
  await expect(chat.lastAssistant()).toContainText("395");

  // The other two split into several delegated tasks as well.
  for (const [i, count] of [
    [1, 2],
    [2, 3],
  ] as const) {
    await chat.openNew("Team Lead");
    await page.getByTestId("starter").nth(i).click();
    await chat.waitForAnswer();
    await expect(chat.subagentBlocks()).toHaveCount(count);
  }
});

test("a running subagent's live tail is plain text, and quoted poems keep their lines", async ({
  browser,
}) => {
  const { page } = await newUser(browser, "tail");
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  const tails = await chat.watchSubagentTails();
  await chat.send("Compute 17 * 23 + 4\nWhat time is it?");
  // The Mathematician says "Let me use `calculator` for this." before its tool call.
  await expect
    .poll(async () => (await tails()).some((t) => t.includes("calculator")), { timeout: 20_000 })
    .toBe(true);
  await shots(page, SHOTS, "live-tail-desktop");
  await chat.waitForAnswer();
  const text = (await tails()).find((t) => t.includes("calculator")) ?? "";
  expect(text).toContain("Let me use calculator");
  expect(text).not.toMatch(/`|\*\*|\|/);

  await chat.openNew("Researcher");
  await chat.send("Write a poem about rivers");
  await chat.waitForAnswer();
  const quote = chat.lastAssistant().locator("blockquote");
  await expect(quote).toBeVisible();
  // Three quoted lines, two breaks between them (markdown alone would join them into one line).
  await expect(quote.locator("br")).toHaveCount(2);
  await expect(quote).toContainText("hums along,");
  await shots(page, SHOTS, "poem-desktop");
});

test("the sidebar groups chats by Today, Yesterday, Previous 7 days and Older, with dates", async ({
  browser,
}) => {
  const { page } = await newUser(browser, "sidebar");
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 2 + 2");
  await chat.waitForAnswer();
  const groups = page.getByTestId("conversation-group");
  await expect(groups).toHaveText(["Today"]);
  const date = page.getByTestId("conversation-date").first();
  await expect(date).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(date).toHaveText(/\d/);
  await shots(page, SHOTS, "sidebar-desktop");

  // The same chat seen from later days (the browser's clock moved on).
  for (const [days, group] of [
    [1, "Yesterday"],
    [4, "Previous 7 days"],
    [30, "Older"],
  ] as const) {
    await page.clock.setFixedTime(new Date(Date.now() + days * DAY));
    await page.goto("/chat");
    await expect(groups).toHaveText([group]);
  }

  // On a phone the groups are in the drawer.
  await page.clock.setFixedTime(new Date(Date.now() + DAY));
  await page.setViewportSize({ width: 390, height: 820 });
  await page.goto("/chat");
  await page.getByTestId("open-chats").click();
  await expect(page.getByTestId("conversation-group").last()).toHaveText("Yesterday");
  await shots(page, SHOTS, "sidebar-phone");
});

test("the app can be installed: manifest, icons and favicon", async ({ browser }) => {
  const { page } = await newUser(browser, "install");
  const head = page.locator("head");
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", /manifest\.webmanifest/);
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(head.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute("href", "/icon.svg");

  const res = await page.request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: "Delegate", display: "standalone", start_url: "/chat" });
  const sizes = manifest.icons.map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  for (const src of [...manifest.icons.map((i) => i.src), "/favicon.ico", "/apple-touch-icon.png"]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toMatch(/^image\//);
  }
  // Signed out, the icons and manifest still load (a home-screen icon is fetched without a session).
  const anon = await browser.newContext();
  expect((await anon.request.get("/icon-192.png")).status()).toBe(200);
  expect((await anon.request.get("/manifest.webmanifest")).status()).toBe(200);
  await anon.close();
});
