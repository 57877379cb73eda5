import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { planNoteCall } from "./notes";
import { type DemoToolInfo, planTurn } from "./plan";

const notes: DemoToolInfo[] = [{ name: "notes__save_note" }, { name: "notes__list_notes" }];

describe("demo model and the notes server", () => {
  it("calls save_note with a title and the text when asked to save a note", () => {
    const plan = planTurn([new HumanMessage("Save a note: buy oat milk on Friday")], notes);
    expect(plan.toolCalls).toEqual([
      {
        name: "notes__save_note",
        args: { title: "buy oat milk on Friday", content: "buy oat milk on Friday" },
      },
    ]);
    expect(planNoteCall("remember that the demo is on Tuesday", notes)?.args.content).toBe(
      "the demo is on Tuesday",
    );
  });

  it("calls list_notes for 'list my notes', whatever the server's slug", () => {
    expect(planTurn([new HumanMessage("list my notes")], notes).toolCalls).toEqual([
      { name: "notes__list_notes", args: {} },
    ]);
    expect(planNoteCall("show me all notes", [{ name: "team-notes__list_notes" }])?.name).toBe(
      "team-notes__list_notes",
    );
  });

  it("leaves notes alone when the tools are not bound or the task is about something else", () => {
    expect(planTurn([new HumanMessage("Save a note: buy milk")], []).toolCalls).toEqual([]);
    expect(planNoteCall("What is 2 + 3?", notes)).toBeUndefined();
    expect(planNoteCall("explain how notes in music work", notes)).toBeUndefined();
  });

  it("answers with what the server returned", () => {
    const call = { name: "notes__save_note", args: { title: "buy milk", content: "buy milk" }, id: "c1" };
    const plan = planTurn(
      [
        new HumanMessage("Save a note: buy milk"),
        new AIMessage({ content: "", tool_calls: [call] }),
        new ToolMessage({ content: "Saved note n_123.", tool_call_id: "c1" }),
      ],
      notes,
    );
    expect(plan.toolCalls).toEqual([]);
    expect(plan.text).toContain("Saved your note **buy milk**");
    expect(plan.text).toContain("Saved note n_123.");
  });
});
