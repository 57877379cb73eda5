import { expect, registerNewUser, screenshot, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// My files (issue 32): the user's uploads with where each is used and the storage used; an upload
// never sent is deleted there, a sent one says how it goes away; an earlier file is attached again
// to a message in a new chat from the composer's "From my files".

const CSV = "region,amount\nnorth,3\nsouth,4\neast,5\n";

test("My files lists uploads and their conversations, deletes an unused one, and reattaches a file", async ({
  browser,
}) => {
  const { page } = await registerNewUser(browser, { name: "Filer", tag: "myfiles" });
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "sales.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(page.getByTestId("attachment-chip")).toHaveAttribute("data-state", "ready");
  await chat.send("Count the rows of the CSV");
  await chat.waitForAnswer();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  // An upload left in the composer, never sent.
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "draft.txt", mimeType: "text/plain", buffer: Buffer.from("not sent") });
  await expect(page.getByTestId("attachment-chip")).toHaveAttribute("data-state", "ready");

  await page.goto("/settings");
  await page.getByTestId("my-files-link").click();
  await expect(page.getByTestId("my-files-title")).toBeVisible();
  await expect(page.getByTestId("my-files-storage")).toContainText("of 200 MB used");
  const sales = page.getByTestId("my-file").filter({ hasText: "sales.csv" });
  const draft = page.getByTestId("my-file").filter({ hasText: "draft.txt" });
  await expect(sales.getByTestId("my-file-used")).toBeVisible();
  await expect(sales.getByTestId("my-file-delete")).toHaveCount(0);
  await expect(sales).toContainText("removed with its conversations");
  await screenshot(page, "my-files");
  await draft.getByTestId("my-file-delete").click();
  await expect(draft).toHaveCount(0);
  await expect(sales).toHaveCount(1);

  // A new chat: the CSV from My files, sent again without uploading it.
  await chat.openNew("Team Lead");
  await page.getByTestId("my-files-picker").locator("summary").click();
  await page.getByTestId("my-files-pick").filter({ hasText: "sales.csv" }).click();
  await expect(page.getByTestId("attachment-chip")).toContainText("sales.csv");
  await chat.send("Count the rows of the CSV");
  await chat.waitForAnswer();
  await expect(page.getByTestId("user-message").getByTestId("message-attachment")).toContainText("sales.csv");
  await expect(chat.lastAssistant()).toContainText("sales.csv has 3 data rows");
  await page.goto("/settings/files");
  await expect(sales.getByTestId("my-file-used").getByRole("link")).toHaveCount(2);
});
