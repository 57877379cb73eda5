import type { APIResponse } from "@playwright/test";
import { expect, screenshot, test } from "./fixtures";
import { AgentBuilderPage } from "./pages/agent-builder-page";
import { ChatPage } from "./pages/chat-page";

// One story, in order: B and C, then A delegating to both (and itself); a cycle back to A; a chain
// deeper than the limit; deleting a child that parents use.
const A = "Lead A";
const B = "Researcher B";
const C = "Writer C";

test.describe
  .serial("agent builder", () => {
    test("build B and C, then A with both as subagents and self-spawn on", async ({ userPage: page }) => {
      const builder = new AgentBuilderPage(page);
      for (const [name, description] of [
        [B, "Finds sources and facts"],
        [C, "Turns notes into prose"],
      ]) {
        await builder.gotoNew();
        await builder.fillBasics({ name, description });
        await builder.create();
      }

      await builder.gotoNew();
      await builder.fillBasics({ name: A, description: "Plans and delegates" });
      await builder.setSwitch("subagents-enabled", true);
      // Self-spawn is on by default once subagents are enabled.
      await expect(page.getByTestId("subagents-self")).toHaveAttribute("aria-checked", "true");
      await expect(builder.counter()).toHaveText("0 / 10");
      await builder.addSubagent(B);
      await builder.addSubagent(C);
      await expect(builder.counter()).toHaveText("2 / 10");
      await builder.child(C).getByTestId(`child-${C}-mode-fork`).click();
      await expect.poll(() => builder.previewLines()).toEqual([`d1 self · ${A}`, `d1 ${B}`, `d1 ${C}`]);
      await page.getByTestId("section-subagents").scrollIntoViewIfNeeded();
      await screenshot(page, "agents-builder-a");
      await builder.create();
      await expect(builder.child(B)).toBeVisible();
      await expect(page.getByTestId("chat-with-agent")).toHaveAttribute(
        "href",
        `/chat?agent=${builder.agentId()}`,
      );
    });

    test("C using A as a child shows the loop as skipped", async ({ userPage: page }) => {
      const builder = new AgentBuilderPage(page);
      await builder.open(C);
      await builder.setSwitch("subagents-enabled", true);
      await builder.setSwitch("subagents-self", false);
      await expect(page.getByTestId("subagents-warning")).toBeVisible();
      await builder.addSubagent(A);
      await expect(page.getByTestId("subagents-warning")).toHaveCount(0);
      await expect
        .poll(() => builder.previewLines())
        .toEqual([`d1 ${A}`, `d2 self · ${A}`, `d2 ${B}`, `d2 ${C} — skipped (cycle ${C}→${A}→${C})`]);
      await builder.saveChanges();
      await page.getByTestId("section-subagents").scrollIntoViewIfNeeded();
      await screenshot(page, "agents-builder-cycle");

      await builder.open(A);
      await expect
        .poll(() => builder.previewLines())
        .toEqual([`d1 self · ${A}`, `d1 ${B}`, `d1 ${C}`, `d2 ${A} — skipped (cycle ${A}→${C}→${A})`]);
    });

    test("a chain deeper than the limit is refused with the depth message", async ({ userPage: page }) => {
      const builder = new AgentBuilderPage(page);
      await builder.gotoNew();
      await builder.fillBasics({ name: "Too deep" });
      await builder.setSwitch("subagents-enabled", true);
      const status =
        (await builder
          .preview()
          .getByText(/depth ≤ \d+/)
          .textContent()) ?? "";
      const maxDepth = Number(/depth ≤ (\d+)/.exec(status)?.[1]);
      expect(maxDepth).toBeGreaterThan(0);

      // Chain 0 ← Chain 1 ← … ← Chain <maxDepth>: under a new root, Chain 0 lands at depth maxDepth + 1.
      let child: string | null = null;
      for (let i = 0; i <= maxDepth; i++) {
        const res: APIResponse = await page.request.post("/api/agents", {
          data: {
            name: `Chain ${i}`,
            provider: "builtin:demo",
            model: "demo-delegator",
            subagents: child
              ? { enabled: true, allowSelf: false, children: [{ id: child, mode: "isolated" }] }
              : { enabled: false },
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        child = (await res.json()).agent.id;
      }
      await page.reload();
      await builder.fillBasics({ name: "Too deep" });
      await builder.setSwitch("subagents-enabled", true);
      await builder.setSwitch("subagents-self", false);
      await builder.addSubagent(`Chain ${maxDepth}`);
      // The refusal names both agents and what to change; no ids.
      const message = new RegExp(
        `"Chain 1" would delegate to "Chain 0" at depth ${maxDepth + 1}, and the limit is ${maxDepth}\\. ` +
          `Remove "Chain 0" from the subagents of "Chain 1", or ask an administrator to raise the depth limit\\.`,
      );
      await expect(builder.verdict()).toContainText(message);
      await expect(builder.verdict()).toHaveAttribute("data-code", "limit:subagent_depth");
      // The preview keeps the tree and marks the entry where the limit is crossed.
      const chain = Array.from({ length: maxDepth }, (_, i) => `d${i + 1} Chain ${maxDepth - i}`);
      await expect
        .poll(() => builder.previewLines())
        .toEqual([
          ...chain,
          `d${maxDepth + 1} Chain 0 — over the depth limit, the run would be refused here`,
        ]);
      await expect(builder.preview().locator('[data-kind="too_deep"]')).toHaveCount(1);
      await builder.save();
      await expect(builder.fieldError("subagents")).toContainText(message);
      await expect(page).toHaveURL(/\/agents\/new$/);
      await page.getByTestId("section-subagents").scrollIntoViewIfNeeded();
      await screenshot(page, "agents-builder-depth");
      await builder.gotoList("Too deep");
      await expect(page.getByTestId("agents-mine")).toContainText("None of yours match.");
    });

    test("deleting B names A as its parent and removes it there", async ({ userPage: page }) => {
      const builder = new AgentBuilderPage(page);
      await builder.gotoList();
      await screenshot(page, "agents-list");
      await page.getByTestId(`agent-card-${B}`).getByTestId("delete-agent").click();
      const dialog = page.getByTestId("delete-dialog");
      await expect(dialog.getByTestId("delete-parents")).toHaveText(A);
      await screenshot(page, "agents-delete-dialog");
      await dialog.getByTestId("delete-dialog-confirm").click();
      await expect(page.getByTestId("deleted-notice")).toContainText(`Removed it from: ${A}.`);
      await expect(page.getByTestId(`agent-card-${B}`)).toHaveCount(0);
      await builder.open(A);
      await expect(builder.child(B)).toHaveCount(0);
      await expect
        .poll(() => builder.previewLines())
        .toEqual([`d1 self · ${A}`, `d1 ${C}`, `d2 ${A} — skipped (cycle ${A}→${C}→${A})`]);
    });

    test("a handoff to an agent that is not a subagent is saved from the builder, and chatting works", async ({
      userPage: page,
    }) => {
      const builder = new AgentBuilderPage(page);
      await builder.gotoNew();
      await builder.fillBasics({ name: "Front desk", description: "Greets and routes" });
      await builder.addHandoff(C, "When the user wants prose");
      await builder.create();
      await expect(builder.handoffs()).toHaveCount(1);
      await expect(builder.handoffs().getByTestId("handoff-target")).toHaveValue(/.+/);
      await expect(builder.handoffs().getByTestId("handoff-target").locator("option:checked")).toHaveText(C);
      await expect(builder.handoffs().getByTestId("handoff-description")).toHaveValue(
        "When the user wants prose",
      );
      await page.getByTestId("section-advanced").scrollIntoViewIfNeeded();
      await screenshot(page, "agents-builder-handoff");

      // The agent and its handoff target load together: the chat answers instead of "not found".
      const chat = new ChatPage(page);
      await chat.openNew("Front desk");
      await chat.send("Hello there");
      await chat.waitForAnswer("COMPLETE");
      await expect(chat.lastAssistant()).not.toContainText("does not exist");
    });

    test("the builder on a phone, in dark mode", async ({ userPage: page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const builder = new AgentBuilderPage(page);
      await builder.open(A);
      if (!(await page.evaluate(() => document.documentElement.classList.contains("dark")))) {
        await page.getByTestId("theme-toggle").first().click();
      }
      await expect.poll(() => builder.previewLines()).toHaveLength(3);
      await screenshot(page, "agents-builder-phone-dark");
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.querySelector("main")?.scrollWidth)).toBeLessThanOrEqual(390);
      await builder.preview().scrollIntoViewIfNeeded();
      await screenshot(page, "agents-builder-phone-dark-preview");
      await builder.gotoList();
      await screenshot(page, "agents-list-phone-dark");
    });
  });
