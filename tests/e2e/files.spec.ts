import { type Browser, test as base, type Page } from "@playwright/test";
import { expect, registerNewUser, shots } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

// Files in chat (issue 16) in Chromium: attach by the button and by drag-and-drop, send, see the
// chips, the answer about the files and the per-file delegation; reload and they are still there.
// Each test signs up its own user (with the starter team on the demo model).

const test = base;
// Screenshots for people to look at; not kept in the repository.
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/files-shots";
const newUser = (browser: Browser, tag: string, viewport?: { width: number; height: number }) =>
  registerNewUser(browser, { name: `Files ${tag}`, tag, viewport });
const CSV = "region,amount\nnorth,3\nsouth,4\neast,5\n";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/** Drops files on the composer the way a browser does: dragover, then drop with a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  await page.getByTestId("composer").evaluate((el, list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    el.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

test("attach a CSV with the button, ask to count its rows, and find it again after a reload", async ({
  browser,
}) => {
  const page = (await newUser(browser, "button")).page;
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "sales.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  const chip = page.getByTestId("attachment-chip");
  await expect(chip).toHaveAttribute("data-state", "ready");
  await expect(chip).toContainText("sales.csv");
  await expect(chip).toContainText("CSV");
  await chat.send("Count the rows of the CSV");
  await chat.waitForAnswer();
  await expect(page.getByTestId("attachment-chip")).toHaveCount(0);
  const card = page.getByTestId("user-message").getByTestId("message-attachment");
  await expect(card).toContainText("sales.csv");
  await expect(chat.lastAssistant()).toContainText("sales.csv has 3 data rows below a header of 2 columns");
  await shots(page, SHOTS, "csv-answer");

  await page.reload();
  await expect(page.getByTestId("user-message").getByTestId("message-attachment")).toContainText("sales.csv");
  await expect(chat.lastAssistant()).toContainText("3 data rows");
  await page.getByTestId("message-attachment").click();
  await expect(page.getByTestId("file-preview")).toHaveText(CSV.trimEnd());
  await shots(page, SHOTS, "csv-preview");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("file-viewer")).toHaveCount(0);
});

test("drop a document and an image: one subagent per file, each block names its file", async ({
  browser,
}) => {
  const page = (await newUser(browser, "drop")).page;
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await dropFiles(page, [
    {
      name: "plan.md",
      type: "text/markdown",
      base64: Buffer.from("# Launch\n\nWe ship files on Monday.\n").toString("base64"),
    },
    { name: "dot.png", type: "image/png", base64: PNG.toString("base64") },
  ]);
  await expect(page.getByTestId("attachment-chip")).toHaveCount(2);
  for (const c of await page.getByTestId("attachment-chip").all())
    await expect(c).toHaveAttribute("data-state", "ready");
  await chat.send("Summarize the attached files");
  await chat.waitForAnswer();
  const blocks = chat.subagentBlocks();
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0).getByTestId("subagent-files")).toContainText("plan.md");
  await expect(blocks.nth(1).getByTestId("subagent-files")).toContainText("dot.png");
  await expect(chat.lastAssistant()).toContainText("We ship files on Monday.");
  await expect(chat.lastAssistant()).toContainText("reads text only");
  // The thumbnail is the real image, fetched with the session.
  const thumb = page.getByTestId("user-message").locator("img");
  await expect(thumb).toHaveAttribute("alt", "dot.png");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await shots(page, SHOTS, "delegation");

  await page.reload();
  await expect(page.getByTestId("message-attachment")).toHaveCount(2);
  await expect(chat.subagentBlocks().nth(0).getByTestId("subagent-files")).toContainText("plan.md");
});

test("a refused file says why in its chip; the rest is sent; on a phone too", async ({ browser }) => {
  const page = (await newUser(browser, "phone", { width: 390, height: 844 })).page;
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await page.getByTestId("file-input").setInputFiles([
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Remember the milk.\n") },
    {
      name: "bomb.zip",
      mimeType: "application/zip",
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]),
    },
  ]);
  const refused = page.getByTestId("attachment-chip").filter({ hasText: "bomb.zip" });
  await expect(refused).toHaveAttribute("data-state", "error");
  await expect(refused.getByTestId("attachment-error")).toContainText("Archives aren't opened");
  await expect(page.getByTestId("attachment-chip").filter({ hasText: "notes.txt" })).toHaveAttribute(
    "data-state",
    "ready",
  );
  await shots(page, SHOTS, "phone-chips");
  await chat.send("Summarize the attached file");
  await chat.waitForAnswer();
  await expect(chat.lastAssistant()).toContainText("Remember the milk.");
  await expect(page.getByTestId("user-message").getByTestId("message-attachment")).toHaveCount(1);
  await shots(page, SHOTS, "phone-answer");
});

test("a file name with HTML in it is shown as text, never run", async ({ browser }) => {
  const page = (await newUser(browser, "html")).page;
  const chat = new ChatPage(page);
  await chat.openNew("Researcher");
  const name = `<img src=x onerror="window.pwned=1">.txt`;
  await page
    .getByTestId("file-input")
    .setInputFiles({ name, mimeType: "text/html", buffer: Buffer.from("<script>window.pwned=2</script>") });
  await expect(page.getByTestId("attachment-chip")).toHaveAttribute("data-state", "ready");
  // The server's name: no markup characters left.
  await expect(page.getByTestId("attachment-name")).toHaveText("_img src=x onerror=_window.pwned=1__.txt");
  await chat.send("Summarize the attached file");
  await chat.waitForAnswer();
  await page.getByTestId("message-attachment").click();
  await expect(page.getByTestId("file-preview")).toHaveText("<script>window.pwned=2</script>");
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  // Opened directly, the file is plain text in a sandbox.
  const href = await page.getByRole("link", { name: "Download" }).getAttribute("href");
  const res = await page.request.get((href as string).replace("?download=1", ""));
  expect(res.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(res.headers()["content-security-policy"]).toContain("sandbox");
});
