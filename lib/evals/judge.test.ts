import { describe, expect, it } from "vitest";
import { JUDGE_HEADING, judgeMessage, judgeSchema, parseJudgeReply } from "./judge";

describe("judge", () => {
  it("asks with the rubric, the input and the answer", () => {
    const text = judgeMessage({ rubric: "Polite.", input: "Say hello", output: "Hello!" });
    expect(text.startsWith(JUDGE_HEADING)).toBe(true);
    expect(text).toContain("## Rubric\nPolite.");
    expect(text).toContain("## The user's message\nSay hello");
    expect(text).toContain("## The answer\nHello!");
  });

  it("reads a JSON reply, fenced or not, or a 'Score: N' line", () => {
    expect(parseJudgeReply('{"score": 4, "reasoning": "Mostly."}')).toEqual({
      score: 4,
      reasoning: "Mostly.",
    });
    expect(parseJudgeReply('Here:\n```json\n{"score":"2","reasoning":"Rude."}\n```')).toEqual({
      score: 2,
      reasoning: "Rude.",
    });
    expect(parseJudgeReply("Score: 5\nPerfect.")).toEqual({ score: 5, reasoning: "Score: 5\nPerfect." });
  });

  it("has no grade for a reply without a score from 1 to 5", () => {
    expect(parseJudgeReply('{"score": 9}')).toBeNull();
    expect(parseJudgeReply("I cannot grade this.")).toBeNull();
    expect(parseJudgeReply("")).toBeNull();
  });

  it("a judge needs a rubric, an endpoint and a model", () => {
    expect(judgeSchema.safeParse({ rubric: " ", endpoint: "e", model: "m" }).error?.issues[0].message).toBe(
      "the rubric is empty",
    );
    expect(judgeSchema.safeParse({ rubric: "r", endpoint: "e" }).success).toBe(false);
  });
});
