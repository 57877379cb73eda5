import OpenAI from "openai";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/tasks/[id]/cancel/route";
import { GET as getRoute } from "@/app/v1/tasks/[id]/route";
import { GET as listRoute } from "@/app/v1/tasks/route";
import { createApiKey } from "@/lib/api/keys";
import type { ApiTask } from "@/lib/api/response-schemas";
import { setUserApiAccess } from "@/lib/db/api-keys";
import { insertTaskWithinLimit } from "@/lib/db/background-tasks";
import { getDb } from "@/lib/db/client";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeUser } from "./agents-helpers";

// /v1/tasks with the official openai client's raw request methods (the SDK has no tasks resource):
// the key's user's background tasks, read and cancelled through the Tasks page's own service.
async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const path = new URL(req.url).pathname;
  if (path === "/v1/tasks") return listRoute(req);
  const cancel = path.match(/^\/v1\/tasks\/([^/]+)\/cancel$/);
  if (cancel) return cancelRoute(req, { params: Promise.resolve({ id: decodeURIComponent(cancel[1]) }) });
  const one = path.match(/^\/v1\/tasks\/([^/]+)$/);
  if (one) return getRoute(req, { params: Promise.resolve({ id: decodeURIComponent(one[1]) }) });
  return new Response("no route", { status: 599 });
}

const client = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: "http://app.test/v1", fetch: appFetch, maxRetries: 0 });

type TaskList = { object: "list"; data: ApiTask[] };

async function makeTask(userId: string, task: string) {
  const conversation = await getDb().conversation.create({ data: { userId, title: `About ${task}` } });
  const out = await insertTaskWithinLimit({
    max: 10,
    task: {
      userId,
      conversationId: conversation.id,
      parentRunId: `run-${task}`,
      parentMessageId: `msg-${task}`,
      toolCallId: "call-1",
      agentId: "agent-1",
      agentName: "Researcher",
      self: false,
      task,
    },
  });
  if (!("task" in out)) throw new Error("refused");
  return out.task;
}

describe("/v1/tasks with the openai client", () => {
  let ann: string;
  let bob: string;
  let annKey: string;
  let bobKey: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
    annKey = (await createApiKey({ userId: ann, input: { name: "a", expiresInDays: 0, agentIds: [] } }))
      .secret;
    bobKey = (await createApiKey({ userId: bob, input: { name: "b", expiresInDays: 0, agentIds: [] } }))
      .secret;
  });

  it("lists and reads only the key's user's tasks, with the result of a completed one; reading writes nothing", async () => {
    const first = await makeTask(ann, "research A");
    const second = await makeTask(ann, "research B");
    await makeTask(bob, "bob's secret");
    await query(
      `UPDATE "BackgroundTask" SET "status" = 'COMPLETED', "result" = 'Findings: 42', "endedAt" = now() WHERE "id" = $1`,
      [first.id],
    );
    const before = await query(`SELECT * FROM "BackgroundTask" ORDER BY "id"`);
    const list = await client(annKey).get<TaskList>("/tasks");
    expect(list.object).toBe("list");
    expect(list.data.map((t) => t.id)).toEqual([second.id, first.id]);
    expect(list.data[1]).toEqual({
      id: first.id,
      object: "task",
      status: "completed",
      agent_name: "Researcher",
      task: "research A",
      conversation_id: first.conversationId,
      result: "Findings: 42",
      error: null,
      created_at: Math.floor(first.createdAt.getTime() / 1000),
      ended_at: expect.any(Number),
    });
    expect(await client(annKey).get<ApiTask>(`/tasks/${second.id}`)).toMatchObject({
      id: second.id,
      status: "queued",
      result: null,
      ended_at: null,
    });
    expect(await query(`SELECT * FROM "BackgroundTask" ORDER BY "id"`)).toEqual(before);
  });

  it("cancels the owner's queued task; another user's, an unknown and a finished one are 404 in OpenAI's shape", async () => {
    const task = await makeTask(ann, "long research");
    // Bob can neither read nor cancel it: the same 404 as for an id that does not exist.
    for (const call of [
      () => client(bobKey).get(`/tasks/${task.id}`),
      () => client(bobKey).post(`/tasks/${task.id}/cancel`),
      () => client(annKey).get("/tasks/nope"),
    ]) {
      const err = (await call().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.NotFoundError>;
      expect(err).toBeInstanceOf(OpenAI.NotFoundError);
      expect(err.error).toMatchObject({ type: "invalid_request_error", code: "not_found.task" });
    }
    expect((await client(bobKey).get<TaskList>("/tasks")).data).toEqual([]);
    const [row] = await query<{ status: string }>(`SELECT "status"::text AS "status" FROM "BackgroundTask"`);
    expect(row.status).toBe("QUEUED");

    const cancelled = await client(annKey).post<ApiTask>(`/tasks/${task.id}/cancel`);
    expect(cancelled).toMatchObject({ id: task.id, status: "cancelled", ended_at: expect.any(Number) });
    // Once finished there is nothing to cancel.
    await expect(client(annKey).post(`/tasks/${task.id}/cancel`)).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
  });

  it("needs a valid key and API access", async () => {
    await expect(client("dc_wrong").get("/tasks")).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await setUserApiAccess({ id: ann, apiAccess: false });
    await expect(client(annKey).get("/tasks")).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
  });
});
