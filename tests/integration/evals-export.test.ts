// Downloading an eval run's results (GET /api/evals/:id/export): CSV and JSON with the figures
// exactly as stored, to whoever may see the run; a 404 for anyone else, a 400 for a bad format.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { listResults } from "@/lib/db/evals";
import { saveFeedback } from "@/lib/db/message-feedback";
import { forgetEvalWorkers, handleEvalJob, setEvalModelFactory } from "@/lib/evals/jobs";
import { getEvalRun, saveCases, startEval } from "@/lib/evals/service";
import { stopBoss } from "@/lib/jobs/boss";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const exportRoute = await import("@/app/api/evals/[id]/export/route");

setEvalModelFactory(
  scriptedModelFactory(() => (ctx) => ({ text: `Echo: ${ctx.lastText}`, usage: { input: 7, output: 3 } })),
);

const download = (id: string, userId: string | null, format = "csv") => {
  session.userId = userId;
  return exportRoute.GET(new Request(`http://localhost/api/evals/${id}/export?format=${format}`), {
    params: Promise.resolve({ id }),
  });
};

describe("eval results export", () => {
  let owner: { id: string };
  let viewer: { id: string };
  let stranger: { id: string };
  let evalRunId: string;

  beforeEach(async () => {
    await stopBoss();
    forgetEvalWorkers();
    await resetDatabase();
    owner = await makeUser("Owner");
    viewer = await makeUser("Viewer");
    stranger = await makeUser("Stranger");
    const agent = await makeAgent(owner.id, "Agent", {
      visibility: "shared",
      shareEmails: ["viewer@example.com"],
    });
    await saveCases({
      agentId: agent.id,
      userId: owner.id,
      cases: [
        { name: "=cmd", input: "Say hi", checks: [{ kind: "contains", value: "hi" }] },
        { name: "two", input: "Say bye", checks: [{ kind: "contains", value: "nope" }] },
      ],
    });
    evalRunId = await startEval({ agentId: agent.id, userId: owner.id, versions: [1] });
    const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
    for (const c of cases) await handleEvalJob({ evalRunId, caseId: c.id, version: 1 });
  });
  afterAll(async () => {
    await stopBoss();
  });

  it("CSV: one line per case with the stored figures, user text escaped", async () => {
    const res = await download(evalRunId, owner.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="eval-${evalRunId}.csv"`);
    const lines = (await res.text()).trimEnd().split("\r\n");
    const header = lines[0].split(",");
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(",").map((v, i) => [header[i], v])));
    expect(rows).toHaveLength(2);
    const stored = await listResults({ evalRunId });
    for (const row of rows) {
      const r = stored.find((s) => s.caseId === row.case_id);
      expect(r).toBeDefined();
      expect(row).toMatchObject({
        version: String(r?.version),
        outcome: r?.outcome,
        input_tokens: String(r?.inputTokens),
        output_tokens: String(r?.outputTokens),
        model_calls: String(r?.modelCalls),
        cost: r?.cost === null ? "" : String(r?.cost),
        duration_ms: String(r?.durationMs),
        output: r?.output,
      });
    }
    expect(rows.map((r) => [r.case_name, r.outcome, r.failed_checks])).toEqual([
      ["'=cmd", "passed", ""],
      ["two", "failed", "contains"],
    ]);
  });

  it("JSON: the same object as the run's read, and a viewer of the agent gets their own run only", async () => {
    const res = await download(evalRunId, owner.id, "json");
    expect(res.status).toBe(200);
    const body = await res.json();
    const stored = (await listResults({ evalRunId })).map((r) => ({ ...r, feedback: null }));
    expect(body.results).toEqual(JSON.parse(JSON.stringify(stored)));
    expect(body.summaries[0]).toMatchObject({ version: 1, cases: 2, passRate: 0.5 });

    // The viewer may view the agent but did not start this run: it answers as missing.
    expect((await download(evalRunId, viewer.id)).status).toBe(404);
    expect((await download(evalRunId, stranger.id, "json")).status).toBe(404);
    expect((await download("no-such-run", owner.id)).status).toBe(404);
    expect((await download(evalRunId, null)).status).toBe(401);
    const agentId = (await getEvalRun({ evalRunId, userId: owner.id })).agentId;
    const viewersRun = await startEval({ agentId, userId: viewer.id, versions: [1] });
    expect((await download(viewersRun, viewer.id)).status).toBe(200);
  });

  it("carries the starter's thumbs up/down on a case's answer, given in its trace, in CSV and JSON", async () => {
    const two = (await listResults({ evalRunId })).find((r) => r.outcome === "failed");
    const [answer] = await query<{ id: string }>(
      `SELECT id FROM "Message" WHERE "conversationId" = $1 AND role = 'ASSISTANT'`,
      [two?.conversationId],
    );
    await saveFeedback({
      userId: owner.id,
      messageId: answer.id,
      feedback: { rating: "down", comment: "Said hi not bye" },
    });
    const body = await (await download(evalRunId, owner.id, "json")).json();
    const rated = body.results.find((r: { caseId: string }) => r.caseId === two?.caseId);
    expect(rated.feedback).toEqual({ rating: "down", comment: "Said hi not bye" });
    expect(body.results.filter((r: { feedback: unknown }) => r.feedback === null)).toHaveLength(1);
    const lines = (await (await download(evalRunId, owner.id)).text()).trimEnd().split("\r\n");
    const header = lines[0].split(",");
    const row = lines.find((l) => l.startsWith(`${two?.caseId},`))?.split(",") ?? [];
    expect(row[header.indexOf("feedback")]).toBe("down");
    expect(row[header.indexOf("feedback_comment")]).toBe("Said hi not bye");
  });

  it("a bad format is a 400 and a GET writes nothing", async () => {
    const before = await query(`SELECT count(*) FROM "EvalResult"`);
    const res = await download(evalRunId, owner.id, "xlsx");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "bad_request:eval_export_format",
      message: "Export an eval run as csv or json.",
    });
    expect(await query(`SELECT count(*) FROM "EvalResult"`)).toEqual(before);
  });
});
