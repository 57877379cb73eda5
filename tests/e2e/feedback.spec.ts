import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Thumbs up/down with a comment on an answer (issue 32): kept across a reload, changeable,
// removable, and shown to admins on Admin → Usage.

test("rate an answer with a comment, change it, and an admin sees it on Admin → Usage", async ({
  browser,
  adminPage,
}) => {
  const { page } = await registerNewUser(browser, { name: "Rater", tag: "feedback" });
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  await chat.send("Compute 6 * 7");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  const answer = chat.lastAssistant();
  const up = answer.getByTestId("feedback-up");
  const down = answer.getByTestId("feedback-down");
  await up.click();
  await expect(up).toHaveAttribute("aria-pressed", "true");
  const comment = `Spot on ${Date.now().toString(36)}`;
  await answer.getByTestId("feedback-comment").fill(comment);
  await answer.getByTestId("feedback-comment-save").click();
  await expect(answer.getByTestId("feedback-comment-text")).toContainText(comment);
  await screenshot(page, "feedback-rated");

  await page.reload();
  await expect(chat.lastAssistant().getByTestId("feedback-up")).toHaveAttribute("aria-pressed", "true");
  await expect(chat.lastAssistant().getByTestId("feedback-comment-text")).toContainText(comment);

  await adminPage.goto("/admin/usage");
  const item = adminPage.getByTestId("feedback-comment-item").filter({ hasText: comment });
  await expect(item).toContainText("Researcher");
  await expect(item).toContainText("Rater");
  await expect(adminPage.getByTestId("feedback-by-agent")).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await screenshot(adminPage, "feedback-admin-usage");

  // Changed to a thumbs down (the comment stays), then removed.
  await chat.lastAssistant().getByTestId("feedback-down").click();
  await expect(down).toHaveAttribute("aria-pressed", "true");
  await expect(up).toHaveAttribute("aria-pressed", "false");
  await answer.getByRole("button", { name: "Cancel" }).click();
  await expect(answer.getByTestId("feedback-comment-text")).toContainText(comment);
  await down.click();
  await expect(down).toHaveAttribute("aria-pressed", "false");
  await expect(answer.getByTestId("feedback-comment-text")).toHaveCount(0);
  await page.reload();
  await expect(chat.lastAssistant().getByTestId("feedback-down")).toHaveAttribute("aria-pressed", "false");
  await adminPage.reload();
  await expect(adminPage.getByTestId("feedback-comment-item").filter({ hasText: comment })).toHaveCount(0);
});
