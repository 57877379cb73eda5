import { describe, expect, it } from "vitest";
import { answerTask } from "./answers";
import { asksForTime, findArithmetic, splitTasks, taskText } from "./tasks";

describe("splitTasks", () => {
  it("splits bullets and numbered items, keeping the intro as context", () => {
    expect(splitTasks("- a thing\n- another thing")).toEqual(["a thing", "another thing"]);
    expect(splitTasks("For my trip to Rome:\n1. list museums\n2) find a hotel")).toEqual([
      "list museums (context: For my trip to Rome)",
      "find a hotel (context: For my trip to Rome)",
    ]);
  });

  it("splits separate lines, questions, semicolons and task-like 'and' parts", () => {
    expect(splitTasks("Summarize TCP\nExplain UDP")).toEqual(["Summarize TCP", "Explain UDP"]);
    expect(splitTasks("What is 2+2? What time is it?")).toEqual(["What is 2+2?", "What time is it?"]);
    expect(splitTasks("translate hello to French; write a haiku")).toEqual([
      "translate hello to French",
      "write a haiku",
    ]);
    expect(splitTasks("Explain closures, write a regex for emails and tell me a joke")).toEqual([
      "Explain closures",
      "Write a regex for emails",
      "Tell me a joke",
    ]);
  });

  it("keeps single tasks whole", () => {
    expect(splitTasks("Compare cats and dogs")).toEqual(["Compare cats and dogs"]);
    expect(splitTasks("Summarize the pros and cons of TypeScript")).toEqual([
      "Summarize the pros and cons of TypeScript",
    ]);
    expect(splitTasks("What is 12*7?")).toEqual(["What is 12*7?"]);
  });

  it("reads the task after a fork preamble's 'Task:' marker", () => {
    expect(taskText("You are a subagent of Planner.\nTask: find a hotel")).toBe("find a hotel");
    const fork =
      "You are a subagent forked from the conversation above. Your parent delegated the task below.\n\nTask:\n";
    expect(splitTasks(`${fork}Write a haiku about rain`)).toEqual(["Write a haiku about rain"]);
  });
});

describe("arithmetic and time", () => {
  it("finds and evaluates expressions exactly", () => {
    expect(findArithmetic("What is 12 times 7?")).toBe("12*7");
    expect(findArithmetic("compute (3 + 4) * 2 please")).toBe("(3 + 4) * 2");
    expect(findArithmetic("tell me about 1984")).toBeUndefined();
    // Evaluated by the calculator tool's parser (the one arithmetic parser).
    expect(answerTask("What is (3 + 4) * 2 - 2^3?")).toContain("= **6**");
    expect(answerTask("compute 10 / 4")).toContain("= **2.5**");
  });

  it("recognises time questions", () => {
    expect(asksForTime("What time is it in Tokyo?")).toBe(true);
    expect(asksForTime("What's today's date?")).toBe(true);
    expect(asksForTime("Write a poem about time travel")).toBe(false);
  });
});
