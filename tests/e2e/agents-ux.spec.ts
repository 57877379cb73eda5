import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, shots, test, USER } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";

// Issue 25, items 5, 8, 9 and 12: the builder's unsaved state, the agent picker and cards, the
// demo's routing as a user sees it, and sharing with an address that has no account.
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens/agents-ux";
mkdirSync(SHOTS, { recursive: true });
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Light and dark shots at desktop and phone width, the page left at desktop width. */
async function bothSizes(page: Page, name: string, before?: () => Promise<void>) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await before?.();
    await shots(page, SHOTS, `${name}-${size}`);
  }
  await page.setViewportSize(DESKTOP);
}

test("the builder shows unsaved changes and asks before the page is left", async ({ userPage: page }) => {
  await page.setViewportSize(DESKTOP);
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Draft keeper", description: "Keeps drafts" });
  await builder.create();
  // Freshly loaded, the form matches what was saved.
  await expect(page.getByTestId("form-dirty")).toHaveCount(0);

  const description = page.getByLabel("Description");
  await description.fill("Keeps drafts safe");
  await expect(page.getByTestId("form-dirty")).toHaveText("Unsaved changes");
  // The old confirmation no longer describes the form.
  await expect(page.getByTestId("form-saved")).toHaveCount(0);
  await bothSizes(page, "builder-unsaved", () => page.getByTestId("save-agent").scrollIntoViewIfNeeded());

  // An in-app link asks first; dismissing keeps the page and the edit.
  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.getByRole("link", { name: "← Agents" }).click();
  await expect
    .poll(() => asked)
    .toEqual(["confirm: You have unsaved changes. Leave this page and lose them?"]);
  await expect(page).toHaveURL(/\/agents\/(?!new)[^/?]+$/);
  await expect(description).toHaveValue("Keeps drafts safe");

  // Saving makes the form clean again, and says which version it is.
  await builder.save();
  await expect(page.getByTestId("form-saved")).toHaveText("Saved version 2.");
  await expect(page.getByTestId("form-dirty")).toHaveCount(0);
  // Undoing an edit by hand is no change either.
  await description.fill("Keeps drafts safe!");
  await expect(page.getByTestId("form-dirty")).toBeVisible();
  await description.fill("Keeps drafts safe");
  await expect(page.getByTestId("form-saved")).toHaveText("Saved version 2.");

  // Closing or reloading the tab with unsaved changes gets the browser's own prompt.
  await description.fill("Unsaved again");
  const unload = new Promise<string>((resolve) =>
    page.once("dialog", (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await unload).toBe("beforeunload");
});

test("a saved form leaves without asking", async ({ userPage: page }) => {
  const builder = new AgentBuilderPage(page);
  await builder.open("Team Lead");
  let asked = false;
  page.on("dialog", (d) => {
    asked = true;
    void d.dismiss();
  });
  await page.getByRole("link", { name: "← Agents" }).click();
  await expect(page.getByTestId("agents-title")).toBeVisible();
  expect(asked).toBe(false);
});

test("the agent picker is searchable and lists name, description, subagents and model", async ({
  userPage: page,
}) => {
  await page.setViewportSize(DESKTOP);
  const chat = new ChatPage(page);
  await chat.openNew();
  const trigger = page.getByTestId("agent-select");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  // Keyboard only: ArrowDown opens it with the search focused, typing filters, Enter picks.
  await trigger.focus();
  await page.keyboard.press("ArrowDown");
  const search = page.getByRole("combobox", { name: "Search agents" });
  await expect(search).toBeFocused();
  const lead = page.getByTestId("agent-option-Team Lead");
  await expect(lead).toContainText("Splits a request into parts and delegates each part");
  await expect(lead.getByTestId("agent-option-meta")).toHaveText(
    "2 subagents + self-spawn · demo-delegator (scripted demo)",
  );
  // Nothing of the option is cut off at 1440 px.
  expect(await lead.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await bothSizes(page, "agent-picker-open", async () => {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
  });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
  await search.focus();

  await page.keyboard.type("arithmetic");
  await expect(page.getByRole("option")).toHaveCount(1);
  await expect(page.getByRole("option")).toContainText("Mathematician");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("agent-picker")).toHaveCount(0);
  await expect(page.getByTestId("agent-select-value")).toHaveText("Mathematician");
  await expect(trigger).toBeFocused();

  // A letter on the closed button opens it with that letter as the search; arrows move the
  // active option; Escape closes without changing the agent and gives focus back.
  await page.keyboard.press("r");
  await expect(search).toHaveValue("r");
  const before = await search.getAttribute("aria-activedescendant");
  await page.keyboard.press("ArrowDown");
  await expect(search).not.toHaveAttribute("aria-activedescendant", before ?? "");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("agent-picker")).toHaveCount(0);
  await expect(page.getByTestId("agent-select-value")).toHaveText("Mathematician");
  await expect(trigger).toBeFocused();
});

test("an agent card with self-spawn on says so instead of 0 subagents", async ({ userPage: page }) => {
  const builder = new AgentBuilderPage(page);
  await builder.gotoNew();
  await builder.fillBasics({ name: "Solo forker", description: "Splits work among copies of itself" });
  await builder.setSwitch("subagents-enabled", true);
  await builder.create();
  await builder.gotoList("Solo forker");
  await expect(page.getByTestId("agent-card-Solo forker").getByTestId("agent-card-subagents")).toHaveText(
    "self-spawn · v1",
  );
  await builder.gotoList("Team Lead");
  await expect(page.getByTestId("agent-card-Team Lead").getByTestId("agent-card-subagents")).toHaveText(
    "2 subagents + self-spawn · v1",
  );
  await builder.gotoList("o");
  await bothSizes(page, "agent-card-self-spawn");
});

test("the demo sends each task to the subagent whose description fits it and says why", async ({
  userPage: page,
}) => {
  await page.setViewportSize(DESKTOP);
  const chat = new ChatPage(page);
  await chat.openNew("Team Lead");
  await chat.send("Tell me a joke; explain recursion; calculate 1024 / 8");
  await chat.waitForAnswer();
  const names = chat.subagentBlocks().getByTestId("subagent-name");
  await expect(names).toHaveCount(3);
  // Nothing in the team tells jokes: a copy of the Team Lead takes it.
  await expect(names.nth(1)).toHaveText("Researcher");
  await expect(names.nth(2)).toHaveText("Mathematician");
  const plan = chat.lastAssistant();
  await expect(plan).toContainText("Tell me a joke → self (no subagent fits: a copy of me)");
  await expect(plan).toContainText(
    'explain recursion → Researcher (fits: "Researcher", "Answers", "question")',
  );
  await expect(plan).toContainText('calculate 1024 / 8 → Mathematician (fits: "Mathematician", "arithmetic"');
  await bothSizes(page, "demo-routing", () =>
    plan.getByText("I'll split this into 3 tasks").scrollIntoViewIfNeeded(),
  );
});

test.describe
  .serial("sharing with an address that has no account", () => {
    const STRANGER = "no-account-yet@e2e.test";

    test("is flagged while typing, with an invite link for an admin when registration is invite-only", async ({
      adminPage,
      userPage,
    }) => {
      await adminPage.setViewportSize(DESKTOP);
      await adminPage.goto("/admin/registration");
      await adminPage.getByTestId("registration-mode-invite").check();
      await adminPage.getByTestId("save-registration-mode").click();
      await expect(adminPage.getByTestId("registration-effective")).toContainText("invite-only");
      try {
        const builder = new AgentBuilderPage(adminPage);
        await builder.gotoNew();
        await builder.fillBasics({ name: "Shared helper" });
        await adminPage.getByTestId("visibility-shared").check();
        await adminPage.getByTestId("share-emails").fill(`${USER.email}, ${STRANGER}`);
        // Before any Save: the address without an account is named, the other is not.
        const unknown = adminPage.getByTestId("share-unknown");
        await expect(unknown).toHaveCount(1);
        await expect(unknown).toHaveAttribute("data-email", STRANGER);
        await expect(unknown).toContainText(`No account uses ${STRANGER} yet`);
        await expect(adminPage.getByTestId("share-emails")).toHaveAttribute("aria-invalid", "true");
        await adminPage.getByTestId("share-invite").click();
        await expect(adminPage.getByTestId("share-invite-link")).toHaveValue(/\/register\?invite=[\w-]+$/);
        await bothSizes(adminPage, "share-invite", () =>
          adminPage.getByTestId("share-check").scrollIntoViewIfNeeded(),
        );

        // A bad address is named too; a list of known accounts is confirmed.
        await adminPage.getByTestId("share-emails").fill("not-an-email");
        await expect(adminPage.getByTestId("share-invalid")).toContainText("not-an-email");
        await adminPage.getByTestId("share-emails").fill(USER.email);
        await expect(adminPage.getByTestId("share-ok")).toHaveText("This address has an account.");
        await expect(adminPage.getByTestId("share-emails")).not.toHaveAttribute("aria-invalid", "true");

        // A user who is no admin is told whom to ask, and is offered no invite.
        const asUser = new AgentBuilderPage(userPage);
        await asUser.gotoNew();
        await asUser.fillBasics({ name: "Shared by a user" });
        await userPage.getByTestId("visibility-shared").check();
        await userPage.getByTestId("share-emails").fill(STRANGER);
        await expect(userPage.getByTestId("share-unknown")).toContainText(
          "Registration is by invitation only: ask an administrator for an invite link for them.",
        );
        await expect(userPage.getByTestId("share-invite")).toHaveCount(0);
      } finally {
        // Other tests register accounts: leave registration open.
        await adminPage.goto("/admin/registration");
        await adminPage.getByTestId("registration-mode-open").check();
        await adminPage.getByTestId("save-registration-mode").click();
        await expect(adminPage.getByTestId("registration-effective")).toContainText("open");
      }
    });

    test("with registration open, says where they can register", async ({ userPage }) => {
      const builder = new AgentBuilderPage(userPage);
      await builder.gotoNew();
      await builder.fillBasics({ name: "Shared openly" });
      await userPage.getByTestId("visibility-shared").check();
      await userPage.getByTestId("share-emails").fill(STRANGER);
      await expect(userPage.getByTestId("share-unknown")).toContainText(
        "They can create one on the registration page",
      );
    });
  });
