// Background subagents on a real PostgreSQL and the real job engine: a delegation with
// run_in_background becomes a task row and a pg-boss job; the job runs the child and writes its
// result as a follow-up assistant message (usage in the ledger); a second delivery, a finished task
// and a task alive elsewhere are not run again; a task whose process died is picked up again and
// resumes from its stored progress (finished model turns and tool calls are neither repeated nor
// charged twice); another user can neither see nor cancel it; the per-user limit is a refusal the
// model reads.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { getAgent } from "@/lib/db/agents";
import { claimTask, tasksOfConversation } from "@/lib/db/background-tasks";
import { heartbeatLease } from "@/lib/db/process-leases";
import { stopBoss } from "@/lib/jobs/boss";
import { ensureProcessLease, processLeaseId } from "@/lib/quota/process-lease";
import {
  abortTaskHere,
  forgetTaskWorkers,
  handleTaskJob,
  requeueTasksOfDeadProcesses,
  startTaskWorkers,
} from "@/lib/tasks/jobs";
import { cancelTask, listOwnTasks } from "@/lib/tasks/service";
import { makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";
import { rejection } from "./agents-helpers";

process.env.EVAL_POLL_SECONDS = "0.5";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const chatRoute = await import("@/app/api/chat/route");

const toolResults = (ctx: ScriptContext) =>
  ctx.messages.filter((m) => m.getType() === "tool").map((m) => String(m.content));
const eventsOf = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 450; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting: ${JSON.stringify(await read()).slice(0, 2000)}`);
}

type TaskRow = {
  id: string;
  status: string;
  resultMessageId: string | null;
  runId: string | null;
  attempts: number;
};
const taskRows = () =>
  query<TaskRow>(
    `SELECT "id", "status"::text AS "status", "resultMessageId", "runId", "attempts" FROM "BackgroundTask" ORDER BY "createdAt"`,
  );
const messagesOf = (conversationId: string) =>
  query<{ id: string; role: string; parentId: string | null; content: string; agentId: string | null }>(
    `SELECT "id", "role"::text AS "role", "parentId", "content", "agentId" FROM "Message"
     WHERE "conversationId" = $1 ORDER BY "createdAt", "id"`,
    [conversationId],
  );

describe("background subagent tasks", () => {
  let owner: { id: string };
  let stranger: { id: string };
  let lead: { id: string };
  let worker: { id: string };
  /** Background delegations the lead starts in its first turn. */
  let starts = 1;
  let workerCalls = 0;
  /** How long the worker's model takes (a long one is cancelled while it runs). */
  let workerDelay = 0;
  /** The lead waits for its task (wait_for_task) after starting it. */
  let leadWaits = false;
  /** The worker looks something up (a tool call) before it answers. */
  let workerLooksUp = false;
  /** The tool results the worker's last call was given. */
  let workerSaw: string[] = [];

  beforeEach(async () => {
    await stopBoss();
    forgetTaskWorkers();
    await resetDatabase();
    starts = 1;
    workerCalls = 0;
    workerDelay = 0;
    leadWaits = false;
    workerLooksUp = false;
    workerSaw = [];
    owner = await makeUser("Owner");
    stranger = await makeUser("Stranger");
    worker = await makeAgent(owner.id, "Researcher");
    lead = await makeAgent(owner.id, "Lead", {
      subagents: {
        enabled: true,
        allowSelf: false,
        selfMode: "isolated",
        children: [{ id: worker.id, mode: "isolated", background: true }],
      },
    });
    session.userId = owner.id;
    setTestModelFactory(
      scriptedModelFactory({
        [lead.id]: (ctx) =>
          leadWaits && toolResults(ctx).length === 1
            ? {
                toolCalls: [
                  {
                    name: "wait_for_task",
                    args: {
                      task_id: /Started task (\S+)/.exec(toolResults(ctx)[0])?.[1],
                      timeout_seconds: 60,
                    },
                  },
                ],
              }
            : toolResults(ctx).length
              ? { text: `Lead: ${toolResults(ctx).join(" | ")}`, usage: { input: 20, output: 5 } }
              : {
                  toolCalls: Array.from({ length: starts }, (_, i) => ({
                    name: "subagent",
                    args: {
                      subagent_type: worker.id,
                      description: `research ${i + 1}`,
                      run_in_background: true,
                    },
                  })),
                  usage: { input: 10, output: 5 },
                },
        [worker.id]: (ctx) => {
          workerCalls++;
          workerSaw = toolResults(ctx);
          if (workerLooksUp && !workerSaw.length)
            return {
              toolCalls: [{ name: "look_up", args: { q: ctx.lastText } }],
              usage: { input: 7, output: 3 },
            };
          if (workerLooksUp)
            return {
              text: `Findings after ${workerSaw.length} look-up: 42`,
              usage: { input: 11, output: 4 },
              ...(workerDelay ? { delayMs: workerDelay } : {}),
            };
          return {
            text: `Findings for ${ctx.lastText}: 42`,
            usage: { input: 7, output: 3 },
            ...(workerDelay ? { delayMs: workerDelay } : {}),
          };
        },
      }),
    );
  });
  afterAll(async () => {
    await stopBoss();
    forgetTaskWorkers();
    setTestModelFactory(undefined);
  });

  async function send() {
    const res = await chatRoute.POST(post("/api/chat", { agentId: lead.id, text: "look into it" }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    return { meta, events: eventsOf(items) };
  }

  it("the parent gets a handle at once; the job runs the task and writes the follow-up message, charged to the ledger", async () => {
    // The builder's flag is stored with the entry and read back as the form has it.
    expect((await getAgent({ id: lead.id, userId: owner.id })).draft.subagents.children).toEqual([
      { id: worker.id, mode: "isolated", background: true },
    ]);
    const { meta, events } = await send();
    const end = events.find((e) => e.type === "tool_call_end" && e.name === "subagent");
    expect(end).toMatchObject({ result: expect.stringContaining("Started task") });
    expect(events.some((e) => e.type === "subagent_start")).toBe(false);
    // The answer ended without the child having run.
    expect(workerCalls).toBe(0);
    const [queued] = await taskRows();
    expect(queued.status).toBe("QUEUED");
    expect((end as { result: string }).result).toContain(queued.id);

    // Queued a while (as if its job had never been sent): the sweep queues it again, without a double.
    await query(`UPDATE "BackgroundTask" SET "createdAt" = now() - interval '2 minutes'`);
    expect(await requeueTasksOfDeadProcesses()).toBe(1);
    await startTaskWorkers();
    const [done] = await until(taskRows, ([t]) => t?.status === "COMPLETED");
    const messages = await messagesOf(meta.conversationId);
    expect(messages.map((m) => m.role)).toEqual(["USER", "ASSISTANT", "ASSISTANT"]);
    const followUp = messages[2];
    expect(followUp).toMatchObject({
      id: done.resultMessageId,
      parentId: meta.assistantMessageId,
      agentId: worker.id,
      content: "Findings for research 1: 42",
    });
    const usage = await query<{ runId: string; agentId: string; inputTokens: number }>(
      `SELECT "runId", "agentId", "inputTokens" FROM "UsageRecord" WHERE "runId" = $1`,
      [done.runId],
    );
    expect(usage).toEqual([{ runId: done.runId, agentId: worker.id, inputTokens: 7 }]);
    const [run] = await query<{ status: string }>(
      `SELECT "status"::text AS "status" FROM "Run" WHERE "id" = $1`,
      [done.runId],
    );
    expect(run.status).toBe("COMPLETED");

    // A second delivery of the job (a restart, a retry) does not run the finished task again.
    expect(await handleTaskJob({ taskId: done.id })).toBe("skipped");
    expect(workerCalls).toBe(1);
    expect(await messagesOf(meta.conversationId)).toHaveLength(3);
    // check_tasks' view (what the parent's next turn reads) has the result.
    const [view] = await tasksOfConversation({ userId: owner.id, conversationId: meta.conversationId });
    expect(view.result).toBe("Findings for research 1: 42");
  });

  it("wait_for_task holds the parent's answer until the task's job has finished, and returns its result", async () => {
    leadWaits = true;
    await startTaskWorkers();
    const { meta, events } = await send();
    const waited = events.find((e) => e.type === "tool_call_end" && e.name === "wait_for_task");
    expect(waited).toMatchObject({ result: expect.stringContaining("Result: Findings for research 1: 42") });
    expect(waited).not.toHaveProperty("error");
    const [done] = await taskRows();
    expect(done.status).toBe("COMPLETED");
    expect(workerCalls).toBe(1);
    // The lead's answer quotes the result it waited for; the follow-up message is written as usual.
    const messages = await messagesOf(meta.conversationId);
    expect(messages.find((m) => m.id === meta.assistantMessageId)?.content).toContain(
      "Result: Findings for research 1: 42",
    );
    expect(messages.some((m) => m.id === done.resultMessageId)).toBe(true);
  });

  it("another user can neither see nor cancel the task; its owner can, and a cancelled task never runs", async () => {
    const { meta } = await send();
    const [task] = await taskRows();
    expect(await listOwnTasks({ userId: stranger.id })).toEqual([]);
    expect(await tasksOfConversation({ userId: stranger.id, conversationId: meta.conversationId })).toEqual(
      [],
    );
    expect(await rejection(cancelTask({ id: task.id, userId: stranger.id }))).toMatchObject({
      code: "not_found:task",
    });
    expect((await taskRows())[0].status).toBe("QUEUED");

    const mine = await listOwnTasks({ userId: owner.id });
    expect(mine).toEqual([
      expect.objectContaining({ id: task.id, status: "queued", agentName: "Researcher", task: "research 1" }),
    ]);
    await cancelTask({ id: task.id, userId: owner.id });
    expect((await taskRows())[0].status).toBe("CANCELLED");
    expect(await handleTaskJob({ taskId: task.id })).toBe("skipped");
    expect(workerCalls).toBe(0);
    expect(await messagesOf(meta.conversationId)).toHaveLength(2);
    // Cancelled once is final: a second cancel finds nothing to cancel.
    expect(await rejection(cancelTask({ id: task.id, userId: owner.id }))).toMatchObject({
      code: "not_found:task",
    });
  });

  it("cancelling a running task stops it where it runs: its run ends, no follow-up message; it held no chat slot", async () => {
    workerDelay = 10 * 60_000;
    const { meta } = await send();
    await startTaskWorkers();
    const [running] = await until(taskRows, ([t]) => t?.status === "RUNNING" && workerCalls === 1);
    // A running task holds none of the user's chat slots: with one slot, a new chat still starts.
    await query(
      `INSERT INTO "QuotaSettings" ("id", "maxConcurrentRuns", "updatedAt") VALUES ('global', 1, now())`,
    );
    starts = 0;
    const other = await chatRoute.POST(post("/api/chat", { agentId: lead.id, text: "meanwhile" }));
    expect(other.status).toBe(200);
    await readStream(other);
    await cancelTask({ id: running.id, userId: owner.id });
    const runStatus = () =>
      query<{ status: string }>(`SELECT "status"::text AS "status" FROM "Run" WHERE "id" = $1`, [
        running.runId,
      ]);
    const [run] = await until(runStatus, ([r]) => r !== undefined && r.status !== "RUNNING");
    expect(run.status).toBe("STOPPED");
    expect((await taskRows())[0]).toMatchObject({ status: "CANCELLED", resultMessageId: null });
    expect(await messagesOf(meta.conversationId)).toHaveLength(2);
  });

  it("a task whose process died is picked up again and finishes once; one alive in a process is left to it", async () => {
    const { meta } = await send();
    const [task] = await taskRows();
    // Alive in this process (its lease is fresh; written now, as the reset emptied the table):
    // another delivery leaves it alone.
    await ensureProcessLease();
    await heartbeatLease({ id: processLeaseId(), host: "test", pid: process.pid });
    await query(
      `UPDATE "BackgroundTask" SET "status" = 'RUNNING', "processId" = $2, "attempts" = 1 WHERE "id" = $1`,
      [task.id, processLeaseId()],
    );
    expect(await handleTaskJob({ taskId: task.id })).toBe("skipped");
    expect(await requeueTasksOfDeadProcesses()).toBe(0);
    // Past its maximum duration, an attempt is over even in a live process: a new one may take it.
    await query(`UPDATE "BackgroundTask" SET "deadlineAt" = now() - interval '1 hour' WHERE "id" = $1`, [
      task.id,
    ]);
    const retaken = await claimTask({
      id: task.id,
      processId: "another-process",
      runId: "run-2",
      minutes: 30,
      staleSeconds: 12,
    });
    expect(retaken).toMatchObject({ status: "RUNNING", processId: "another-process", attempts: 2 });
    await query(`UPDATE "BackgroundTask" SET "attempts" = 1 WHERE "id" = $1`, [task.id]);
    // Its process died (a lease that no longer exists): the sweep queues it again, a worker takes it.
    await query(`UPDATE "BackgroundTask" SET "processId" = 'dead-process' WHERE "id" = $1`, [task.id]);
    expect(await requeueTasksOfDeadProcesses()).toBe(1);
    await startTaskWorkers();
    const [done] = await until(taskRows, ([t]) => t?.status === "COMPLETED");
    expect(done.attempts).toBe(2);
    expect(workerCalls).toBe(1);
    // Finished: neither the sweep nor a late delivery of the old job repeats it.
    expect(await requeueTasksOfDeadProcesses()).toBe(0);
    expect(await handleTaskJob({ taskId: task.id })).toBe("skipped");
    const followUps = (await messagesOf(meta.conversationId)).filter((m) => m.agentId === worker.id);
    expect(followUps).toHaveLength(1);
  });

  it("a task taken over after its process died resumes from its journal: finished turns are not called or charged again", async () => {
    workerLooksUp = true;
    workerDelay = 10 * 60_000;
    const { meta } = await send();
    await startTaskWorkers();
    // The first attempt finished its first turn and its tool call and waits on its second turn:
    // both were stored before that call began.
    const [first] = await until(taskRows, ([t]) => t?.status === "RUNNING" && workerCalls === 2);
    const checkpointOf = () =>
      query<{ checkpoint: { snapshot: { turns: object; results: object } } | null }>(
        `SELECT "checkpoint" FROM "BackgroundTask" WHERE "id" = $1`,
        [first.id],
      );
    const [stored] = await checkpointOf();
    expect(Object.keys(stored.checkpoint?.snapshot.turns ?? {})).toHaveLength(1);
    expect(Object.keys(stored.checkpoint?.snapshot.results ?? {})).toHaveLength(1);
    // The first turn is in the ledger already, written with the progress that has it.
    const ledger = () =>
      query<{ runId: string; inputTokens: number }>(
        `SELECT "runId", "inputTokens" FROM "UsageRecord" WHERE "agentId" = $1 ORDER BY "createdAt"`,
        [worker.id],
      );
    expect(await ledger()).toEqual([{ runId: first.runId, inputTokens: 7 }]);

    // Its process dies: the attempt writes nothing more to the task (here: it is stopped after
    // the task was taken from it, so its end finds the task no longer its own).
    await query(`UPDATE "BackgroundTask" SET "processId" = 'dead-process', "runId" = NULL WHERE "id" = $1`, [
      first.id,
    ]);
    abortTaskHere(first.id);
    const runStatus = (id: string | null) =>
      query<{ status: string }>(`SELECT "status"::text AS "status" FROM "Run" WHERE "id" = $1`, [id]);
    await until(
      () => runStatus(first.runId),
      ([r]) => r !== undefined && r.status !== "RUNNING",
    );
    expect((await taskRows())[0].status).toBe("RUNNING");

    // Taken over: the new attempt calls the model only for the turn that had not finished.
    workerDelay = 0;
    expect(await requeueTasksOfDeadProcesses()).toBe(1);
    const [done] = await until(taskRows, ([t]) => t?.status === "COMPLETED");
    expect(done.attempts).toBe(2);
    expect(done.runId).not.toBe(first.runId);
    expect(workerCalls).toBe(3);
    // It was given the tool result the dead attempt had (the tool was not called again).
    expect(workerSaw).toEqual([expect.stringContaining('Tool "look_up" is not available')]);
    // Each turn is in the ledger once: the first under the dead attempt's run, the second under the new one.
    expect(await ledger()).toEqual([
      { runId: first.runId, inputTokens: 7 },
      { runId: done.runId, inputTokens: 11 },
    ]);
    // The follow-up message has the whole trace (the look-up done before the takeover) and usage.
    const [followUp] = await query<{
      content: string;
      parts: { content: { type: string; name?: string }[] };
      usage: { inputTokens: number };
    }>(`SELECT "content", "parts", "usage" FROM "Message" WHERE "id" = $1`, [done.resultMessageId]);
    expect(followUp.content).toBe("Findings after 1 look-up: 42");
    expect(followUp.parts.content).toContainEqual(
      expect.objectContaining({ type: "tool_call", name: "look_up" }),
    );
    expect(followUp.usage.inputTokens).toBe(18);
    expect(await checkpointOf()).toEqual([{ checkpoint: null }]);
    expect((await messagesOf(meta.conversationId)).filter((m) => m.agentId === worker.id)).toHaveLength(1);
  });

  it("over the user's limit the dispatch tool returns a refusal the model reads, and no task is stored", async () => {
    await query(
      `INSERT INTO "QuotaSettings" ("id", "maxBackgroundTasks", "updatedAt") VALUES ('global', 1, now())`,
    );
    starts = 2;
    const { events } = await send();
    const ends = events.filter(
      (e): e is Extract<RunEvent, { type: "tool_call_end" }> =>
        e.type === "tool_call_end" && e.name === "subagent",
    );
    expect(ends).toHaveLength(2);
    const refused = ends.filter((e) => e.error);
    expect(refused).toHaveLength(1);
    expect(refused[0].result).toContain("(the limit is 1)");
    expect(await taskRows()).toHaveLength(1);
    // The answer went on and told what happened.
    const runEnd = events.find((e) => e.type === "run_end");
    expect(runEnd).toMatchObject({ status: "completed" });
  });
});
