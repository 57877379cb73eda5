// Files on eval cases: a case names files among the suite owner's uploads; when it runs (whoever
// runs it) the model receives their content as in chat — read with the offline demo model, which
// answers about attached files — and the runner gets no copy. A name that is not the owner's file
// (missing, or another user's) is refused when the cases are saved, naming the line.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { handleEvalJob, setEvalModelFactory } from "@/lib/evals/jobs";
import { exportCases, getEvalRun, getSuite, importCases, startEval } from "@/lib/evals/service";
import { sweepFiles } from "@/lib/files/cleanup";
import { uploadFile } from "@/lib/files/upload";
import { stopBoss } from "@/lib/jobs/boss";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { makePdf } from "../helpers/pdf";
import { query, resetDatabase } from "../helpers/reset-db";
import { rejection } from "./agents-helpers";

// The demo model itself (no scripted override): it summarises the files it is given.
setEvalModelFactory(undefined);

const upload = (userId: string, name: string, content: Uint8Array | string) => {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return uploadFile({
    userId,
    headers: new Headers({ "x-file-name": encodeURIComponent(name) }),
    body: new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes);
        c.close();
      },
    }),
  });
};

const line = (c: Record<string, unknown>) => JSON.stringify(c);

describe("files on eval cases", () => {
  let owner: { id: string };
  let viewer: { id: string };
  let stranger: { id: string };
  let agent: { id: string };

  beforeEach(async () => {
    await stopBoss();
    await resetDatabase();
    owner = await makeUser("Owner");
    viewer = await makeUser("Viewer");
    stranger = await makeUser("Stranger");
    agent = await makeAgent(owner.id, "Reader", {
      visibility: "shared",
      shareEmails: ["viewer@example.com"],
    });
  });
  afterAll(async () => {
    await stopBoss();
  });

  it("a viewer's run gives the model the owner's text and PDF files, and the viewer no copy", async () => {
    await upload(owner.id, "notes.md", "# Notes\n\nThe launch moved to Thursday because of the storm.\n");
    await upload(owner.id, "report.pdf", makePdf(["Quarterly revenue grew by nine percent"]));
    const jsonl = [
      line({
        name: "notes",
        input: "Summarize the attached file",
        files: ["notes.md"],
        checks: [{ kind: "contains", value: "launch moved to Thursday" }],
      }),
      line({
        name: "pdf",
        input: "Summarize the attached file",
        files: ["report.pdf"],
        checks: [{ kind: "contains", value: "revenue grew by nine percent" }],
      }),
    ].join("\n");
    expect(await importCases({ agentId: agent.id, userId: owner.id, jsonl })).toBe(2);
    // Exported by name: the same text imports again.
    expect(await exportCases({ agentId: agent.id, userId: owner.id })).toContain('"files":["report.pdf"]');

    const evalRunId = await startEval({ agentId: agent.id, userId: viewer.id, versions: [1] });
    const { cases } = await getEvalRun({ evalRunId, userId: viewer.id });
    for (const c of cases) expect(await handleEvalJob({ evalRunId, caseId: c.id, version: 1 })).toBe("done");
    const run = await getEvalRun({ evalRunId, userId: viewer.id });
    const result = (name: string) =>
      run.results.find((r) => r.caseId === cases.find((c) => c.name === name)?.id);
    expect(result("notes")).toMatchObject({ outcome: "passed" });
    expect(result("notes")?.output).toContain("notes.md");
    expect(result("pdf")).toMatchObject({ outcome: "passed" });
    expect(result("pdf")?.output).toContain("1 page");
    expect(run.cases.map((c) => c.files)).toEqual([["notes.md"], ["report.pdf"]]);
    // The viewer was lent the files for the run only: no attachment of theirs, none on the trace's message.
    const [mine] = await query<{ n: string }>(`SELECT count(*) AS n FROM "Attachment" WHERE "userId" = $1`, [
      viewer.id,
    ]);
    expect(Number(mine.n)).toBe(0);
    const [linked] = await query<{ n: string }>(
      `SELECT count(*) AS n FROM "Attachment" WHERE "conversationId" IS NOT NULL`,
    );
    expect(Number(linked.n)).toBe(0);
  }, 60_000);

  it("refuses a case naming a missing file or another user's file, naming the line, and saves nothing", async () => {
    await upload(owner.id, "mine.txt", "mine");
    await upload(stranger.id, "theirs.txt", "not yours");
    await importCases({ agentId: agent.id, userId: owner.id, jsonl: line({ input: "kept" }) });
    const jsonl = [
      line({ input: "ok", files: ["mine.txt"] }),
      line({ input: "missing", files: ["nope.pdf"] }),
      line({ input: "stolen", files: ["mine.txt", "theirs.txt"] }),
    ].join("\n");
    const err = await rejection(importCases({ agentId: agent.id, userId: owner.id, jsonl }));
    expect(err.code).toBe("bad_request:eval_jsonl");
    expect(err.message).toContain('2: files: "nope.pdf" is not in your files');
    expect(err.message).toContain('3: files: "theirs.txt" is not in your files');
    expect(err.message).not.toContain("1:");
    expect((await getSuite({ agentId: agent.id, userId: owner.id })).cases.map((c) => c.input)).toEqual([
      "kept",
    ]);
  });

  it("a named upload is not swept as forgotten; a file gone since the save is the case's error", async () => {
    await upload(owner.id, "kept.txt", "kept");
    const gone = await upload(owner.id, "gone.txt", "gone");
    await upload(owner.id, "forgotten.txt", "forgotten");
    await importCases({
      agentId: agent.id,
      userId: owner.id,
      jsonl: line({ input: "Summarize the attached file", files: ["kept.txt", "gone.txt"] }),
    });
    await query(`UPDATE "Attachment" SET "createdAt" = now() - interval '2 days'`);
    await sweepFiles();
    const names = async () =>
      (await query<{ name: string }>(`SELECT name FROM "Attachment" ORDER BY name`)).map((r) => r.name);
    expect(await names()).toEqual(["gone.txt", "kept.txt"]);

    await query(`DELETE FROM "Attachment" WHERE id = $1`, [gone.id]);
    const evalRunId = await startEval({ agentId: agent.id, userId: owner.id, versions: [1] });
    const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
    await handleEvalJob({ evalRunId, caseId: cases[0].id, version: 1 });
    const [result] = (await getEvalRun({ evalRunId, userId: owner.id })).results;
    expect(result).toMatchObject({ outcome: "error", error: { code: "bad_request:eval_file_missing" } });
  }, 60_000);
});
