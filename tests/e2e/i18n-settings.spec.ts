import type { Browser, Page } from "@playwright/test";
import { expect, PASSWORD, shots, test } from "./fixtures";

// The UI language: a Chinese browser gets Chinese pages, and Settings → Language overrides the
// browser's choice for the account (stored, so it survives reloads), without signing out.
const SHOTS = "/tmp/shots-ux";

async function chineseBrowser(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport });
  return ctx.newPage();
}

/** Registers a new account through the Chinese form; lands in the chat. */
async function registerInChinese(page: Page, tag: string): Promise<string> {
  const email = `${tag}-${Date.now().toString(36)}@e2e.test`;
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "创建你的账号" })).toBeVisible();
  const form = page.getByTestId("register-form");
  await form.getByLabel("姓名").fill("李雷");
  await form.getByLabel("邮箱").fill(email);
  await form.getByLabel("密码").fill(PASSWORD);
  await expect(form.getByText("至少 10 个字符，字母须与数字或符号混用。")).toBeVisible();
  await form.getByRole("button", { name: "创建账号" }).click();
  await expect(page).toHaveURL(/\/chat/);
  return email;
}

async function chooseLanguage(page: Page, name: string) {
  const form = page.getByTestId("language-form");
  await form.getByTestId("language-select").selectOption({ label: name });
  await form.getByTestId("save-language").click();
}

async function expectShellIn(page: Page, lang: "en" | "zh-CN") {
  const nav = page.getByRole("navigation").first();
  const [chat, agents, settings, signOut, title] =
    lang === "en"
      ? ["Chat", "Agents", "Settings", "Sign out", "Settings"]
      : ["会话", "智能体", "设置", "退出登录", "设置"];
  await expect(nav.getByTestId("nav-chat")).toHaveText(chat);
  await expect(nav.getByTestId("nav-agents")).toHaveText(agents);
  await expect(nav.getByTestId("nav-settings")).toHaveText(settings);
  await expect(page.getByTestId("sign-out").first()).toHaveText(signOut);
  await expect(page.getByTestId("settings-title")).toHaveText(title);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

test("a Chinese browser registers in Chinese and gets the app in Chinese", async ({ browser }) => {
  const page = await chineseBrowser(browser);
  await page.goto("/register");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page).toHaveTitle("创建账号 · Delegate");
  await registerInChinese(page, "zh-reg");
  await expect(page.getByTestId("nav-chat")).toHaveText("会话");
  await expect(page.getByTestId("theme-toggle").first()).toHaveAttribute(
    "aria-label",
    /切换到(深色|浅色)模式/,
  );
  await expect(page.getByRole("navigation", { name: "主导航" })).toBeVisible();
  await page.getByTestId("nav-settings").click();
  await expectShellIn(page, "zh-CN");
  await expect(page.getByRole("heading", { name: "语言" })).toBeVisible();
  await expect(page.getByRole("button", { name: "在所有设备上退出登录" })).toBeVisible();
  await page.context().close();
});

test("Settings → Language switches the whole UI at once, stays after a reload, and back", async ({
  browser,
}) => {
  const page = await chineseBrowser(browser);
  const email = await registerInChinese(page, "zh-switch");
  await page.goto("/settings");
  await expectShellIn(page, "zh-CN");
  await expect(page.getByTestId("language-select")).toHaveValue("");

  await chooseLanguage(page, "English");
  // The same page, still signed in, now in English (no reload by the test).
  await expectShellIn(page, "en");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("form-status")).toHaveText("Language saved.");
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();

  // The browser still asks for zh-CN: the stored choice wins.
  await page.reload();
  await expectShellIn(page, "en");
  await expect(page.getByTestId("language-select")).toHaveValue("en");
  await page.getByTestId("nav-chat").click();
  await expect(page).toHaveURL(/\/chat/);
  await expect(page.getByTestId("nav-chat")).toHaveText("Chat");

  await page.getByTestId("nav-settings").click();
  await chooseLanguage(page, "简体中文");
  await expectShellIn(page, "zh-CN");
  await expect(page.getByTestId("form-status")).toHaveText("语言已保存。");
  await page.reload();
  await expectShellIn(page, "zh-CN");
  await expect(page.getByTestId("language-select")).toHaveValue("zh-CN");
  await page.context().close();
});

for (const [name, viewport] of [
  ["1440", { width: 1440, height: 900 }],
  ["390", { width: 390, height: 844 }],
] as const) {
  test(`register and settings in Chinese at ${name} px, light and dark`, async ({ browser }) => {
    // Two page loads per theme and a registration on a shared machine.
    test.setTimeout(120_000);
    const page = await chineseBrowser(browser, viewport);
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "创建你的账号" })).toBeVisible();
    await shots(page, SHOTS, `i18n-register-zh-${name}`);
    await registerInChinese(page, `zh-shots-${name}`);
    await page.goto("/settings");
    await expect(page.getByTestId("settings-title")).toHaveText("设置");
    await shots(page, SHOTS, `i18n-settings-zh-${name}`);
    await page.context().close();
  });
}
