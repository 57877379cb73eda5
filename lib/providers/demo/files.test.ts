import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { fileParts } from "../../agents/files";
import { csvRows } from "./files";
import { planTurn } from "./plan";

const csv = {
  name: "sales.csv",
  mimeType: "text/csv",
  size: 40,
  text: 'region,amount\nnorth,3\n"south\nwest",4\neast,5\n',
};
const md = {
  name: "plan.md",
  mimeType: "text/markdown",
  size: 30,
  text: "# Launch\n\nWe ship files on Monday.\n",
};
const png = { name: "shot.png", mimeType: "image/png", size: 68, imageBase64: "AAAA" };
const user = (text: string, files: (typeof csv | typeof png)[]) =>
  new HumanMessage({ content: fileParts(text, files, 10_000) });
const subagentTool = {
  name: "subagent",
  parameters: { properties: { subagent_type: { enum: ["self"] } } },
};

describe("the demo model and attached files", () => {
  it("counts a CSV's rows, quoted line breaks included", () => {
    expect(csvRows(csv.text)).toHaveLength(4);
    const plan = planTurn([user("Count the rows of the CSV", [csv])], []);
    expect(plan.text).toContain(
      "**sales.csv** has **3 data rows** below a header of 2 columns (`region`, `amount`)",
    );
  });

  it("summarizes a document and says it can't see images", () => {
    const plan = planTurn([user("Summarize the attached files", [md, png])], []);
    expect(plan.text).toContain("**plan.md** (text/markdown, 6 words). Sections: “Launch”.");
    expect(plan.text).toContain("It opens with: “We ship files on Monday.”");
    expect(plan.text).toContain("**shot.png** is an image");
    expect(plan.toolCalls).toEqual([]);
  });

  it("hands each file to its own subagent when several are attached, and answers from their results", () => {
    const plan = planTurn([user("Summarize the attached files", [md, csv])], [subagentTool]);
    expect(plan.toolCalls).toEqual([
      {
        name: "subagent",
        args: {
          subagent_type: "self",
          description: "Summarize the attached files (file: plan.md)",
          files: ["plan.md"],
        },
      },
      {
        name: "subagent",
        args: {
          subagent_type: "self",
          description: "Summarize the attached files (file: sales.csv)",
          files: ["sales.csv"],
        },
      },
    ]);
    // A child handed one file answers about that file only.
    const child = planTurn([user("Summarize the attached files (file: sales.csv)", [csv])], [subagentTool]);
    expect(child.toolCalls).toEqual([]);
    expect(child.text).toContain("**sales.csv** has **3 data rows**");
    expect(
      planTurn([user("hello", [md]), new AIMessage("hi"), new HumanMessage("what time is it?")], []).text,
    ).not.toContain("plan.md");
  });
});
