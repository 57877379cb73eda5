import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Cost where the user looks, with the offline demo team: the demo model is priced at 0 (shipped
// price table), so every block header, the answer's footer and the conversation's running total
// show a cost of $0.00 — a known zero, not "cost unknown".
test("a delegating chat shows block header costs, the answer's cost and the conversation total", async ({
  userPage: page,
}) => {
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Compute 17 * 23 + 4\nWhat time is it?");
  const blocks = chat.subagentBlocks();
  await expect(blocks).toHaveCount(2, { timeout: 20_000 });
  await chat.waitForAnswer();
  for (const stats of await blocks.getByTestId("subagent-stats").allTextContents()) {
    expect(stats).toMatch(/tok · \$0\.00 · /);
  }
  await expect(page.getByTestId("message-cost")).toHaveText("Cost $0.00");
  await expect(page.getByTestId("conversation-cost")).toHaveText("Conversation total: $0.00");
  await screenshot(page, "cost-chat");

  // After a reload the total comes from the ledger.
  await page.reload();
  await expect(page.getByTestId("conversation-cost")).toHaveText("Conversation total: $0.00");
  await expect(page.getByTestId("message-cost")).toHaveText("Cost $0.00");
  await expect(page.getByText("cost unknown")).toHaveCount(0);
});

// On a phone the header wraps: the running total never sits on top of the agent picker.
test("at 390 px the conversation total and the agent picker don't overlap", async ({ browser }) => {
  const { page } = await registerNewUser(browser, {
    name: "Pia Phone",
    tag: "cost-phone",
    viewport: { width: 390, height: 844 },
    touch: true,
  });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  // On a touch screen Enter is a new line: the Send button sends.
  await page.getByTestId("composer-input").fill("Compute 6 * 7");
  await page.getByTestId("send-button").click();
  await chat.waitForAnswer();
  const total = await page.getByTestId("conversation-cost").boundingBox();
  const picker = await page.getByTestId("agent-select").boundingBox();
  if (!total || !picker) throw new Error("header items not shown");
  const apart =
    total.x >= picker.x + picker.width ||
    picker.x >= total.x + total.width ||
    total.y >= picker.y + picker.height ||
    picker.y >= total.y + total.height;
  expect(apart).toBe(true);
  expect(total.x + total.width).toBeLessThanOrEqual(390);
  await screenshot(page, "cost-phone-header");
  await page.context().close();
});
