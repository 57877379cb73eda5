import { describe, expect, it } from "vitest";
import { routeTask, stem } from "./routing";

const MATH = { type: "m", name: "Mathematician", about: "Works out arithmetic with a calculator." };
const WRITER = { type: "w", name: "Writer", about: "Writes poems" };
const RESEARCHER = {
  type: "r",
  name: "Researcher",
  about: "Answers one focused question; can tell the time.",
};

const to = (task: string, children: (typeof MATH)[], allowSelf = false, i = 0) =>
  routeTask(task, i, children, allowSelf).type;

describe("stem", () => {
  it("takes one suffix off so the forms of a word meet", () => {
    expect(["writes", "writer", "write", "writing"].map(stem)).toEqual(["writ", "writ", "writ", "writ"]);
    expect([stem("calculator"), stem("calculate")]).toEqual(["calcul", "calcul"]);
    expect(stem("poems")).toBe("poem");
  });
});

describe("routeTask", () => {
  it("sends a haiku and an explanation to the Writer, not to the first child", () => {
    // The defect: both went to the Mathematician, listed first.
    expect(to("Write a haiku about autumn", [MATH, WRITER])).toBe("w");
    expect(to("explain recursion", [MATH, WRITER])).toBe("w");
    expect(to("Compute 12 * 12", [WRITER, MATH])).toBe("m");
  });

  it("routes the starter team's tasks: arithmetic to the Mathematician, questions and time to the Researcher", () => {
    const team = [RESEARCHER, MATH];
    expect(to("Compute 2 * 3", team, true)).toBe("m");
    expect(to("Compute 17 * 23 + 4", team, true)).toBe("m");
    expect(to("calculate 1024 / 8", team, true)).toBe("m");
    expect(to("What time is it?", team, true)).toBe("r");
    expect(to("explain recursion", team, true)).toBe("r");
  });

  it("says which of the agent's own words matched", () => {
    expect(routeTask("Write a haiku", 0, [MATH, WRITER], false)).toEqual({
      type: "w",
      matched: ["Writer", "poems"],
    });
    expect(routeTask("Compute 2 * 3", 0, [RESEARCHER, MATH], false).matched).toEqual([
      "Mathematician",
      "arithmetic",
      "calculator",
    ]);
  });

  it("falls back to self-spawn when nothing fits and the agent may self-spawn, else takes turns", () => {
    // "tell" is not a skill: the Researcher "can tell the time" but does not tell jokes.
    expect(routeTask("Tell me a joke", 0, [RESEARCHER, MATH], true)).toEqual({ type: "self", matched: [] });
    expect(to("Check the weather", [RESEARCHER, MATH], false, 0)).toBe("r");
    expect(to("Check the weather", [RESEARCHER, MATH], false, 1)).toBe("m");
    expect(to("Check the weather", [], true)).toBe("self");
  });

  it("breaks ties by the configured order and is deterministic", () => {
    const twin = { ...WRITER, type: "w2" };
    expect(to("Write a poem", [WRITER, twin])).toBe("w");
    expect(to("Write a poem", [twin, WRITER])).toBe("w2");
    expect(routeTask("explain recursion", 3, [MATH, WRITER], true)).toEqual(
      routeTask("explain recursion", 3, [MATH, WRITER], true),
    );
  });
});
