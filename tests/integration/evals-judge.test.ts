// The judge of an eval case on a real PostgreSQL: its grade and reasoning are stored with the
// result, its mean is in the summary, its model calls are the runner's eval usage; a judge on an
// endpoint the runner may not use is stored as refused and the case's own outcome stands.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { ScriptContext } from "@/lib/agents/testing/scripted-model";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { evalUsageOf } from "@/lib/db/evals";
import { forgetEvalWorkers, handleEvalJob, setEvalModelFactory } from "@/lib/evals/jobs";
import { JUDGE_INSTRUCTIONS } from "@/lib/evals/judge";
import { getEvalRun, saveCases, startEval } from "@/lib/evals/service";
import { stopBoss } from "@/lib/jobs/boss";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

/** What the judge was sent: its instructions and message. */
const judged: ScriptContext[] = [];
setEvalModelFactory(
  scriptedModelFactory((spec) => (ctx) => {
    if (spec.agentId !== "eval-judge")
      return { text: `Hello, you said: ${ctx.lastText}`, usage: { input: 10, output: 5 } };
    judged.push(ctx);
    // Grades by what it was shown: the answer to the "polite" case greets, the other does not.
    const score = ctx.lastText.includes("## The answer\nHello, you said: Be polite") ? 5 : 2;
    return {
      text: JSON.stringify({ score, reasoning: `Graded ${score}.` }),
      usage: { input: 30, output: 7 },
    };
  }),
);

const judge = (endpoint = DEMO_ENDPOINT_ID) => ({
  rubric: "Greets the user.",
  endpoint,
  model: DEMO_MODEL_ID,
});

describe("eval judge", () => {
  let owner: { id: string };
  let agentId: string;

  beforeEach(async () => {
    await stopBoss();
    forgetEvalWorkers();
    await resetDatabase();
    judged.length = 0;
    owner = await makeUser("Owner");
    agentId = (await makeAgent(owner.id, "Agent")).id;
  });
  afterAll(async () => {
    await stopBoss();
  });

  async function runAll(versions: number[]) {
    const evalRunId = await startEval({ agentId, userId: owner.id, versions });
    const { cases } = await getEvalRun({ evalRunId, userId: owner.id });
    for (const version of versions)
      for (const c of cases) expect(await handleEvalJob({ evalRunId, caseId: c.id, version })).toBe("done");
    return getEvalRun({ evalRunId, userId: owner.id });
  }

  it("stores each answer's score and reasoning, the judge's mean, and charges the judge as eval usage", async () => {
    await saveCases({
      agentId,
      userId: owner.id,
      cases: [
        {
          name: "polite",
          input: "Be polite",
          checks: [{ kind: "contains", value: "Hello" }],
          judge: judge(),
        },
        { name: "other", input: "Anything", judge: judge() },
        { name: "no judge", input: "Plain" },
      ],
    });
    const since = new Date(Date.now() - 1000);
    const run = await runAll([1]);
    expect(run.status).toBe("COMPLETED");
    const byName = (name: string) =>
      run.results.find((r) => r.caseId === run.cases.find((c) => c.name === name)?.id);
    expect(byName("polite")).toMatchObject({
      outcome: "passed",
      // The case's own figures: the judge's calls are not in them.
      inputTokens: 10,
      outputTokens: 5,
      modelCalls: 1,
      judge: {
        score: 5,
        reasoning: "Graded 5.",
        endpoint: DEMO_ENDPOINT_ID,
        model: DEMO_MODEL_ID,
        inputTokens: 30,
        outputTokens: 7,
      },
    });
    expect(byName("other")?.judge).toMatchObject({ score: 2 });
    expect(byName("no judge")?.judge).toBeNull();
    expect(run.summaries[0]).toMatchObject({ judgeMean: 3.5, judged: 2 });
    // The judge was given its instructions, the rubric, the user's message and the answer.
    expect(judged).toHaveLength(2);
    expect(judged[0].system).toBe(JUDGE_INSTRUCTIONS);
    expect(judged[0].lastText).toContain("## Rubric\nGreets the user.");
    // Three case runs and two judge calls, all the runner's eval usage.
    expect(await evalUsageOf({ userId: owner.id, since })).toMatchObject({
      inputTokens: 3 * 10 + 2 * 30,
      outputTokens: 3 * 5 + 2 * 7,
    });
    const [stored] = await query<{ judge: unknown }>(
      `SELECT "judge" FROM "EvalCase" WHERE "name" = 'polite'`,
    );
    expect(stored.judge).toEqual(judge());
  }, 60_000);

  it("a judge on an endpoint the runner may not use is refused in words; the case still passes", async () => {
    await saveCases({
      agentId,
      userId: owner.id,
      cases: [
        {
          name: "c",
          input: "Hi",
          checks: [{ kind: "contains", value: "Hello" }],
          judge: judge("nope-endpoint"),
        },
      ],
    });
    const run = await runAll([1]);
    const [result] = run.results;
    expect(result.outcome).toBe("passed");
    expect(result.judge).toMatchObject({ endpoint: "nope-endpoint", model: DEMO_MODEL_ID });
    expect(result.judge && "error" in result.judge && result.judge.error.length).toBeGreaterThan(0);
    expect(judged).toHaveLength(0);
    expect(run.summaries[0]).toMatchObject({ judgeMean: null, judged: 0 });
  }, 60_000);

  it("refuses a case whose judge has no rubric", async () => {
    await expect(
      saveCases({ agentId, userId: owner.id, cases: [{ input: "x", judge: { ...judge(), rubric: "" } }] }),
    ).rejects.toMatchObject({ code: "bad_request:eval_cases" });
  });
});
