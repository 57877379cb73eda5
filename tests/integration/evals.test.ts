// Evals on a real PostgreSQL: tree snapshots of versions, who may see and run a suite, eval runs
// as pg-boss jobs (results stored, a re-delivered job or a restart does not rerun a finished case,
// cancel), their usage in the ledger labelled as eval usage.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { ScriptContext, ScriptedTurn } from "@/lib/agents/testing/scripted-model";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { updateAgent } from "@/lib/builder/agents";
import { fillMissingVersionTrees, readVersionTree } from "@/lib/db/agent-version-tree";
import { getDb } from "@/lib/db/client";
import { listConversations } from "@/lib/db/conversations";
import { evalUsageOf, insertEvalConversation } from "@/lib/db/evals";
import {
  EVAL_QUEUE,
  forgetEvalWorkers,
  handleEvalJob,
  requeueInterruptedEvalCases,
  setEvalModelFactory,
  startEvalWorkers,
} from "@/lib/evals/jobs";
import {
  cancelEval,
  exportCases,
  getEvalRun,
  getSuite,
  importCases,
  saveCases,
  startEval,
} from "@/lib/evals/service";
import { loadTreeAtVersion } from "@/lib/evals/tree-at-version";
import { stopBoss } from "@/lib/jobs/boss";
import { ensureProcessLease } from "@/lib/quota/process-lease";
import { delegating, makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";
import { rejection } from "./agents-helpers";

process.env.EVAL_POLL_SECONDS = "0.5";
process.env.EVAL_CONCURRENCY = "2";
// A dead process's runs are found by the heartbeat within a second.
process.env.RUN_LEASE_HEARTBEAT_SECONDS = "0.5";

/** Every model call, as "agentId|instructions|input": what ran, at which version. */
const calls: string[] = [];
const answer =
  (agentId: string) =>
  (ctx: ScriptContext): ScriptedTurn => {
    calls.push(`${agentId}|${ctx.system}|${ctx.lastText}`);
    return {
      text: `${ctx.system.includes("v2") ? "Bonjour" : "Hello"} from ${agentId}`,
      usage: { input: 10, output: 5 },
    };
  };
setEvalModelFactory(scriptedModelFactory((spec) => answer(spec.agentId)));

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 450; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting: ${JSON.stringify(await read()).slice(0, 2000)}`);
}

const CASES = [
  { name: "greets", input: "Say hello", checks: [{ kind: "contains", value: "Hello" }] },
  { name: "short", input: "Be brief", checks: [{ kind: "max_model_calls", max: 3 }] },
];

describe("evals", () => {
  let owner: { id: string };
  let viewer: { id: string };
  let stranger: { id: string };
  let child: { id: string };
  let root: { id: string };

  beforeEach(async () => {
    await stopBoss();
    forgetEvalWorkers();
    await resetDatabase();
    calls.length = 0;
    owner = await makeUser("Owner");
    viewer = await makeUser("Viewer");
    stranger = await makeUser("Stranger");
    child = await makeAgent(owner.id, "Child", { instructions: "child v1" });
    root = await makeAgent(owner.id, "Root", {
      instructions: "root v1",
      visibility: "shared",
      shareEmails: ["viewer@example.com"],
      ...delegating([child.id]),
    });
  });
  afterAll(async () => {
    await stopBoss();
  });

  const editRoot = (instructions: string) =>
    updateAgent({
      id: root.id,
      userId: owner.id,
      input: {
        name: "Root",
        provider: "builtin:demo",
        model: "demo-delegator",
        instructions,
        visibility: "shared",
        shareEmails: ["viewer@example.com"],
        ...delegating([child.id]),
      },
    });
  const editChild = (instructions: string) =>
    updateAgent({
      id: child.id,
      userId: owner.id,
      input: { name: "Child", provider: "builtin:demo", model: "demo-delegator", instructions },
    });

  describe("tree snapshots", () => {
    it("each version pins the versions of the agents reachable when it was saved", async () => {
      await editChild("child v2");
      await editRoot("root v2");
      const v1 = await readVersionTree(getDb(), { agentId: root.id, version: 1 });
      const v2 = await readVersionTree(getDb(), { agentId: root.id, version: 2 });
      expect(v1?.tree).toEqual({ agents: { [root.id]: 1, [child.id]: 1 }, missing: [], source: "save" });
      expect(v2?.tree).toEqual({ agents: { [root.id]: 2, [child.id]: 2 }, missing: [], source: "save" });
      // Running version 1 runs the child as it was then, not today's child.
      const tree = await loadTreeAtVersion({ rootId: root.id, version: 1, userId: owner.id });
      expect(tree.agents.get(child.id)?.instructions).toBe("child v1");
      expect(tree.agents.get(root.id)?.instructions).toBe("root v1");
      // Access is today's: the viewer may not view the private child, so it is not in their tree (as in chat).
      const viewers = await loadTreeAtVersion({ rootId: root.id, version: 1, userId: viewer.id });
      expect([...viewers.agents.keys()]).toEqual([root.id]);
      expect(viewers.agents.get(root.id)?.subagents?.agent_ids).toEqual([]);
    });

    it("older versions are filled from history, and a link no version explains is marked and refused", async () => {
      await editChild("child v2");
      await editRoot("root v2");
      await query(`UPDATE "AgentVersion" SET "tree" = NULL`);
      const [all] = await query<{ n: string }>(`SELECT count(*) AS n FROM "AgentVersion"`);
      expect(await fillMissingVersionTrees(getDb())).toBe(Number(all.n));
      const v1 = await readVersionTree(getDb(), { agentId: root.id, version: 1 });
      expect(v1?.tree).toEqual({ agents: { [root.id]: 1, [child.id]: 1 }, missing: [], source: "history" });

      // A parent version whose child is gone (its versions with it): marked, never run with a guess.
      await getDb().agent.delete({ where: { id: child.id } });
      await query(`UPDATE "AgentVersion" SET "tree" = NULL`);
      await fillMissingVersionTrees(getDb());
      const gone = await readVersionTree(getDb(), { agentId: root.id, version: 1 });
      expect(gone?.tree?.missing).toEqual([child.id]);
      const err = await rejection(loadTreeAtVersion({ rootId: root.id, version: 1, userId: owner.id }));
      expect(err.code).toBe("bad_request:eval_tree_incomplete");
    });
  });

  describe("access", () => {
    it("the owner edits; a viewer sees the cases and runs on their own quota; nobody else sees anything", async () => {
      await saveCases({ agentId: root.id, userId: owner.id, cases: CASES });
      const asViewer = await getSuite({ agentId: root.id, userId: viewer.id });
      expect(asViewer.mayEdit).toBe(false);
      expect(asViewer.cases.map((c) => c.name)).toEqual(["greets", "short"]);
      expect((await rejection(saveCases({ agentId: root.id, userId: viewer.id, cases: [] }))).code).toBe(
        "forbidden:eval_suite",
      );
      expect((await rejection(getSuite({ agentId: root.id, userId: stranger.id }))).code).toBe(
        "not_found:agent",
      );
      expect((await rejection(exportCases({ agentId: root.id, userId: stranger.id }))).code).toBe(
        "not_found:agent",
      );
      expect(
        (await rejection(startEval({ agentId: root.id, userId: stranger.id, versions: [1] }))).code,
      ).toBe("not_found:agent");

      const ownersRun = await startEval({ agentId: root.id, userId: owner.id, versions: [1] });
      const viewersRun = await startEval({ agentId: root.id, userId: viewer.id, versions: [1] });
      const [run] = await query<{ userId: string }>(`SELECT "userId" FROM "EvalRun" WHERE id = $1`, [
        viewersRun,
      ]);
      expect(run.userId).toBe(viewer.id);
      // The viewer sees their own run only; the owner sees both; a stranger neither.
      expect((await getSuite({ agentId: root.id, userId: viewer.id })).runs.map((r) => r.id)).toEqual([
        viewersRun,
      ]);
      expect((await getSuite({ agentId: root.id, userId: owner.id })).runs).toHaveLength(2);
      for (const [id, userId] of [
        [ownersRun, viewer.id],
        [ownersRun, stranger.id],
        [viewersRun, stranger.id],
      ]) {
        expect((await rejection(getEvalRun({ evalRunId: id, userId }))).code).toBe("not_found:eval_run");
        expect((await rejection(cancelEval({ evalRunId: id, userId }))).code).toBe("not_found:eval_run");
      }
    });

    it("refuses bad cases, versions and JSONL with typed errors", async () => {
      expect(
        (
          await rejection(
            saveCases({
              agentId: root.id,
              userId: owner.id,
              cases: [{ input: "x", checks: [{ kind: "nope" }] }],
            }),
          )
        ).code,
      ).toBe("bad_request:eval_cases");
      expect((await rejection(startEval({ agentId: root.id, userId: owner.id, versions: [1] }))).code).toBe(
        "bad_request:eval_no_cases",
      );
      await saveCases({ agentId: root.id, userId: owner.id, cases: CASES });
      expect(
        (await rejection(startEval({ agentId: root.id, userId: owner.id, versions: [1, 1] }))).code,
      ).toBe("bad_request:eval_versions");
      expect((await rejection(startEval({ agentId: root.id, userId: owner.id, versions: [9] }))).code).toBe(
        "not_found:agent_version",
      );
      const bad = await rejection(
        importCases({ agentId: root.id, userId: owner.id, jsonl: '{"input":"ok"}\n{oops' }),
      );
      expect(bad.code).toBe("bad_request:eval_jsonl");
      expect(bad.message).toContain("2: not valid JSON");
      // Nothing was imported.
      expect((await getSuite({ agentId: root.id, userId: owner.id })).cases).toHaveLength(2);
      const jsonl = await exportCases({ agentId: root.id, userId: viewer.id });
      expect(await importCases({ agentId: root.id, userId: owner.id, jsonl })).toBe(2);
    });
  });

  describe("eval runs on the job engine", () => {
    it("runs every case at both versions, stores the results, and labels the usage as eval usage", async () => {
      await saveCases({ agentId: root.id, userId: owner.id, cases: CASES });
      await editRoot("root v2");
      const since = new Date(Date.now() - 1000);
      const evalRunId = await startEval({ agentId: root.id, userId: viewer.id, versions: [1, 2] });
      await startEvalWorkers();
      const run = await until(
        () => getEvalRun({ evalRunId, userId: viewer.id }),
        (r) => r.status !== "RUNNING",
      );
      expect(run.status).toBe("COMPLETED");
      expect(run.done).toBe(4);
      const greets = run.cases.find((c) => c.name === "greets")?.id;
      const byVersion = (v: number) => run.results.find((r) => r.caseId === greets && r.version === v);
      expect(byVersion(1)).toMatchObject({
        outcome: "passed",
        output: `Hello from ${root.id}`,
        modelCalls: 1,
      });
      expect(byVersion(2)).toMatchObject({ outcome: "failed", output: `Bonjour from ${root.id}` });
      expect(byVersion(2)?.checks[0]).toMatchObject({ passed: false });
      expect(run.summaries.map((s) => s.passRate)).toEqual([1, 0.5]);
      expect(run.delta?.passRate).toBe(-0.5);
      // Version 1 ran with version 1's instructions.
      expect(calls.filter((c) => c.includes("root v1"))).toHaveLength(2);
      expect(calls.filter((c) => c.includes("root v2"))).toHaveLength(2);
      // Billed to the viewer who ran it, labelled eval usage, out of their chat list.
      expect(await evalUsageOf({ userId: viewer.id, since })).toMatchObject({
        inputTokens: 40,
        outputTokens: 20,
      });
      expect(await evalUsageOf({ userId: owner.id, since })).toMatchObject({ inputTokens: 0 });
      expect(await listConversations({ userId: viewer.id })).toEqual([]);
      const [runs] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM "Run" WHERE "userId" = $1 AND status = 'COMPLETED'`,
        [viewer.id],
      );
      expect(Number(runs.n)).toBe(4);
    }, 60_000);

    it("a re-delivered job or a restart does not rerun a finished case", async () => {
      await saveCases({ agentId: root.id, userId: owner.id, cases: CASES });
      const evalRunId = await startEval({ agentId: root.id, userId: owner.id, versions: [1] });
      const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
      // One case finished before "the restart" (this process had no workers yet).
      const first = { evalRunId, caseId: cases[0].id, version: 1 };
      expect(await handleEvalJob(first)).toBe("done");
      expect(await handleEvalJob(first)).toBe("skipped");
      expect(calls).toHaveLength(1);
      // The workers start (as after a restart): the queued job of the finished case does nothing.
      await startEvalWorkers();
      const run = await until(
        () => getEvalRun({ evalRunId, userId: owner.id }),
        (r) => r.status !== "RUNNING",
      );
      expect(run.done).toBe(2);
      expect(calls).toHaveLength(2);
      expect(calls.filter((c) => c.endsWith("|Say hello"))).toHaveLength(1);
    }, 60_000);

    it("a case whose process died mid-run is queued again; a finished or still running one is not", async () => {
      await saveCases({ agentId: root.id, userId: owner.id, cases: [...CASES, { input: "Third" }] });
      const evalRunId = await startEval({ agentId: root.id, userId: owner.id, versions: [1] });
      const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
      expect(await handleEvalJob({ evalRunId, caseId: cases[0].id, version: 1 })).toBe("done");
      // Case 2's answer was interrupted (its process died); case 3's still runs in a live process.
      const runOf = async (caseId: string, status: string) => {
        const conversationId = await insertEvalConversation({
          userId: owner.id,
          agentId: root.id,
          evalRunId,
          caseId,
          version: 1,
          title: "t",
        });
        await query(
          `INSERT INTO "Run" ("id", "userId", "conversationId", "assistantMessageId", "status")
           VALUES ($1, $2, $3, $4, $5::"RunStatus")`,
          [`run-${caseId}`, owner.id, conversationId, `msg-${caseId}`, status],
        );
      };
      await runOf(cases[1].id, "INTERRUPTED");
      await runOf(cases[2].id, "RUNNING");
      expect(await requeueInterruptedEvalCases()).toBe(1);
      // Once the re-queued case has its result, nothing is queued again.
      expect(await handleEvalJob({ evalRunId, caseId: cases[1].id, version: 1 })).toBe("done");
      expect(await requeueInterruptedEvalCases()).toBe(0);
      expect(calls.filter((c) => c.endsWith("|Say hello"))).toHaveLength(1);
      expect(calls.filter((c) => c.endsWith("|Be brief"))).toHaveLength(1);
    }, 60_000);

    it("a case whose process died while this one lives is queued again once a heartbeat finds it dead", async () => {
      await saveCases({ agentId: root.id, userId: owner.id, cases: CASES });
      const evalRunId = await startEval({ agentId: root.id, userId: owner.id, versions: [1] });
      const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
      // Case 2 was taken by a process on another host that died: its job is active there (pg-boss
      // delivers it again only when it expires) and its run is RUNNING under a lease gone quiet.
      const taken = await query(
        `UPDATE pgboss.job SET state = 'active', started_on = now()
         WHERE name = $1 AND data->>'evalRunId' = $2 AND data->>'caseId' = $3 RETURNING id`,
        [EVAL_QUEUE, evalRunId, cases[1].id],
      );
      expect(taken).toHaveLength(1);
      await query(
        `INSERT INTO "ProcessLease" ("id", "host", "pid", "heartbeatAt")
         VALUES ('elsewhere:1:dead', 'elsewhere', 1, (now() AT TIME ZONE 'UTC') - interval '1 hour')`,
      );
      const conversationId = await insertEvalConversation({
        userId: owner.id,
        agentId: root.id,
        evalRunId,
        caseId: cases[1].id,
        version: 1,
        title: "t",
      });
      await query(
        `INSERT INTO "Run" ("id", "userId", "conversationId", "assistantMessageId", "status", "processId")
         VALUES ('run-dead', $1, $2, 'msg-dead', 'RUNNING', 'elsewhere:1:dead')`,
        [owner.id, conversationId],
      );
      // The workers start while that run still looks alive to them; this process's heartbeat then
      // ends it, and the case runs here.
      await startEvalWorkers();
      await ensureProcessLease();
      const run = await until(
        () => getEvalRun({ evalRunId, userId: owner.id }),
        (r) => r.status !== "RUNNING",
      );
      expect(run).toMatchObject({ status: "COMPLETED", done: 2 });
      expect(calls.filter((c) => c.endsWith("|Be brief"))).toHaveLength(1);
      const [dead] = await query<{ status: string }>(`SELECT status FROM "Run" WHERE id = 'run-dead'`);
      expect(dead.status).toBe("INTERRUPTED");
    }, 60_000);

    it("cancel: the remaining cases never run and the run says cancelled", async () => {
      await saveCases({ agentId: root.id, userId: owner.id, cases: CASES });
      const evalRunId = await startEval({ agentId: root.id, userId: viewer.id, versions: [1] });
      const { cases } = await getEvalRun({ evalRunId, userId: viewer.id });
      expect(await handleEvalJob({ evalRunId, caseId: cases[0].id, version: 1 })).toBe("done");
      await cancelEval({ evalRunId, userId: viewer.id });
      await startEvalWorkers();
      expect(await handleEvalJob({ evalRunId, caseId: cases[1].id, version: 1 })).toBe("skipped");
      const run = await getEvalRun({ evalRunId, userId: owner.id });
      expect(run.status).toBe("CANCELLED");
      expect(run.done).toBe(1);
      expect(calls).toHaveLength(1);
    });
  });
});
