import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { judgeMessage, parseJudgeReply } from "../../evals/judge";
import { DEMO_JUDGE_SCORE } from "./judge";
import { planTurn } from "./plan";

describe("demo: as an eval judge", () => {
  const prompt = judgeMessage({ rubric: "Greets the user.", input: "Say hello", output: "Hello!" });

  it("grades a judge prompt with a fixed score the judge's parser reads, in the run's language", () => {
    const plan = planTurn([new HumanMessage(prompt)], []);
    expect(plan.toolCalls).toEqual([]);
    expect(parseJudgeReply(plan.text)).toEqual({
      score: DEMO_JUDGE_SCORE,
      reasoning: "The demo judge gives every answer 4 of 5; it does not read the rubric.",
    });
    expect(parseJudgeReply(planTurn([new HumanMessage(prompt)], [], "zh-CN").text)?.reasoning).toContain(
      "演示评审",
    );
  });

  it("answers anything else as before", () => {
    expect(parseJudgeReply(planTurn([new HumanMessage("Say hello")], []).text)).toBeNull();
  });
});
