// The version flow: the builder's prompt after a save (the previous version's last eval, to
// compare it with the version just saved — for the agent's editor only), and the agent setting
// "require a passing eval before sharing", enforced where the agent is shared or made public.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { restoreAgentVersion, updateAgent } from "@/lib/builder/agents";
import { getDb } from "@/lib/db/client";
import { forgetEvalWorkers, handleEvalJob, setEvalModelFactory } from "@/lib/evals/jobs";
import {
  getEvalRun,
  getSuite,
  saveCases,
  setShareGate,
  startEval,
  versionEvalPrompt,
} from "@/lib/evals/service";
import { stopBoss } from "@/lib/jobs/boss";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { resetDatabase } from "../helpers/reset-db";
import { rejection } from "./agents-helpers";

setEvalModelFactory(scriptedModelFactory(() => () => ({ text: "Hello", usage: { input: 1, output: 1 } })));

describe("version eval prompt", () => {
  let owner: { id: string };
  let viewer: { id: string };
  let stranger: { id: string };
  let agentId: string;
  const share = { visibility: "shared", shareEmails: ["viewer@example.com"] };
  const save = (instructions: string) =>
    updateAgent({
      id: agentId,
      userId: owner.id,
      input: { name: "Agent", provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID, instructions, ...share },
    });

  beforeEach(async () => {
    await stopBoss();
    forgetEvalWorkers();
    await resetDatabase();
    owner = await makeUser("Owner");
    viewer = await makeUser("Viewer");
    stranger = await makeUser("Stranger");
    agentId = (await makeAgent(owner.id, "Agent", share)).id;
  });
  afterAll(async () => {
    await stopBoss();
  });

  it("after a save: the previous version's last eval (passed of cases) and nothing before there is one", async () => {
    // One version, or no cases: nothing to compare.
    expect(await versionEvalPrompt({ agentId, userId: owner.id })).toBeNull();
    await saveCases({
      agentId,
      userId: owner.id,
      cases: [
        { name: "a", input: "x", checks: [{ kind: "contains", value: "Hello" }] },
        { name: "b", input: "y", checks: [{ kind: "contains", value: "Bye" }] },
      ],
    });
    expect(await versionEvalPrompt({ agentId, userId: owner.id })).toBeNull();
    await save("v2");
    expect(await versionEvalPrompt({ agentId, userId: owner.id })).toEqual({
      previous: 1,
      current: 2,
      last: null,
    });

    const evalRunId = await startEval({ agentId, userId: owner.id, versions: [1] });
    const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
    for (const c of cases) await handleEvalJob({ evalRunId, caseId: c.id, version: 1 });
    await save("v3");
    // Version 2 has no eval: the prompt says so, whatever version 1 did.
    expect((await versionEvalPrompt({ agentId, userId: owner.id }))?.last).toBeNull();
  });

  it("names the previous version's newest run, and is the editor's only", async () => {
    await saveCases({
      agentId,
      userId: owner.id,
      cases: [
        { name: "a", input: "x", checks: [{ kind: "contains", value: "Hello" }] },
        { name: "b", input: "y", checks: [{ kind: "contains", value: "Bye" }] },
      ],
    });
    const evalRunId = await startEval({ agentId, userId: owner.id, versions: [1] });
    const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
    await handleEvalJob({ evalRunId, caseId: cases[0].id, version: 1 });
    await save("v2");
    expect(await versionEvalPrompt({ agentId, userId: owner.id })).toMatchObject({
      previous: 1,
      current: 2,
      last: { id: evalRunId, status: "RUNNING", cases: 2, done: 1, passed: 1 },
    });
    await handleEvalJob({ evalRunId, caseId: cases[1].id, version: 1 });
    expect((await versionEvalPrompt({ agentId, userId: owner.id }))?.last).toMatchObject({
      status: "COMPLETED",
      done: 2,
      passed: 1,
    });
    expect(await versionEvalPrompt({ agentId, userId: viewer.id })).toBeNull();
    expect((await rejection(versionEvalPrompt({ agentId, userId: stranger.id }))).code).toBe(
      "not_found:agent",
    );
  });

  describe("require a passing eval before sharing", () => {
    const PRIVATE = { visibility: "private" };
    const saveAs = (instructions: string, sharing: Record<string, unknown>) =>
      updateAgent({
        id: agentId,
        userId: owner.id,
        input: { name: "Agent", provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID, instructions, ...sharing },
      });
    const version = async () =>
      await getDb().agent.findUniqueOrThrow({
        where: { id: agentId },
        select: { version: true, visibility: true },
      });
    async function evalVersion(v: number) {
      const evalRunId = await startEval({ agentId, userId: owner.id, versions: [v] });
      const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
      for (const c of cases) await handleEvalJob({ evalRunId, caseId: c.id, version: v });
    }

    beforeEach(async () => {
      agentId = (await makeAgent(owner.id, "Agent", { instructions: "one" })).id;
      await saveCases({
        agentId,
        userId: owner.id,
        cases: [{ name: "a", input: "x", checks: [{ kind: "contains", value: "Hello" }] }],
      });
    });

    it("is off by default: sharing works as before", async () => {
      await saveAs("one", share);
      expect(await version()).toEqual({ version: 2, visibility: "SHARED" });
    });

    it("refuses to share a version without a passing eval, then shares it once its eval passed", async () => {
      await setShareGate({ agentId, userId: owner.id, on: true });
      expect((await getSuite({ agentId, userId: owner.id })).requirePassingToShare).toBe(true);
      const refused = await rejection(saveAs("one", share));
      expect(refused.code).toBe("conflict:eval_share_not_passed");
      expect((refused as { status?: number }).status).toBe(409);
      expect(refused.message).toContain("version 1 has no finished eval in which every case passed");
      expect(await version()).toEqual({ version: 1, visibility: "PRIVATE" });
      // Public is gated the same way.
      expect((await rejection(saveAs("one", { visibility: "public" }))).code).toBe(
        "conflict:eval_share_not_passed",
      );

      await evalVersion(1);
      await saveAs("one", { visibility: "public" });
      expect(await version()).toEqual({ version: 2, visibility: "PUBLIC" });
    });

    it("a save that changes a shared agent is refused; saved privately, evaluated, then shared", async () => {
      await evalVersion(1);
      await setShareGate({ agentId, userId: owner.id, on: true });
      await saveAs("one", share);
      const refused = await rejection(saveAs("two", share));
      expect(refused.code).toBe("conflict:eval_share_changes");
      expect(await version()).toEqual({ version: 2, visibility: "SHARED" });
      await saveAs("two", PRIVATE);
      expect((await rejection(saveAs("two", share))).code).toBe("conflict:eval_share_not_passed");
      await evalVersion(3);
      await saveAs("two", share);
      expect(await version()).toEqual({ version: 4, visibility: "SHARED" });
      // Restoring an old shared version is a change too.
      expect((await rejection(restoreAgentVersion({ id: agentId, userId: owner.id, version: 2 }))).code).toBe(
        "conflict:eval_share_changes",
      );
    });

    it("the newest finished eval must have passed every case", async () => {
      await evalVersion(1);
      await saveCases({
        agentId,
        userId: owner.id,
        cases: [{ name: "b", input: "x", checks: [{ kind: "contains", value: "Bye" }] }],
      });
      await evalVersion(1);
      await setShareGate({ agentId, userId: owner.id, on: true });
      expect((await rejection(saveAs("one", share))).code).toBe("conflict:eval_share_not_passed");
    });

    it("only the agent's owner turns it on or off", async () => {
      await saveAs("one", share);
      expect((await rejection(setShareGate({ agentId, userId: viewer.id, on: true }))).code).toBe(
        "forbidden:eval_suite",
      );
      expect((await rejection(setShareGate({ agentId, userId: stranger.id, on: true }))).code).toBe(
        "not_found:agent",
      );
      expect((await getSuite({ agentId, userId: owner.id })).requirePassingToShare).toBe(false);
    });
  });
});
