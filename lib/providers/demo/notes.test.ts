import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { editedResult } from "@/lib/agents/approval";
import { answerNoteResult, planNoteCall } from "./notes";
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

describe("demo model deleting a note", () => {
  const all: DemoToolInfo[] = [...notes, { name: "notes__delete_note" }];

  it("looks the note up by title, then deletes what it found; by id it deletes at once", () => {
    const ask = new HumanMessage("Delete the note buy milk");
    expect(planTurn([ask], all).toolCalls).toEqual([
      { name: "notes__list_notes", args: { query: "buy milk" } },
    ]);
    const listed = new AIMessage({
      content: "",
      tool_calls: [{ name: "notes__list_notes", args: { query: "buy milk" }, id: "l1" }],
    });
    const found = new ToolMessage({
      content: "- cabc123def456ghi789jkl · buy milk (updated 2026-12-01T10:00:00.000Z)",
      tool_call_id: "l1",
    });
    const next = planTurn([ask, listed, found], all);
    expect(next.toolCalls).toEqual([{ name: "notes__delete_note", args: { id: "cabc123def456ghi789jkl" } }]);
    expect(planNoteCall("delete note cabc123def456ghi789jkl", all)).toEqual({
      name: "notes__delete_note",
      args: { id: "cabc123def456ghi789jkl" },
    });
  });

  it("says so when nothing matches, and tells a denial apart from a deletion", () => {
    const ask = new HumanMessage("delete the note nothing-here");
    const listed = new AIMessage({
      content: "",
      tool_calls: [{ name: "notes__list_notes", args: { query: "nothing-here" }, id: "l1" }],
    });
    const none = new ToolMessage({ content: 'No notes match "nothing-here".', tool_call_id: "l1" });
    expect(planTurn([ask, listed, none], all)).toMatchObject({ toolCalls: [] });
    expect(planTurn([ask, listed, none], all).text).toContain("nothing was deleted");
    const call = { name: "notes__delete_note", args: { id: "cabc123def456ghi789jkl" }, id: "d1" };
    const byId = new HumanMessage("delete note cabc123def456ghi789jkl");
    const denied = planTurn(
      [
        byId,
        new AIMessage({ content: "", tool_calls: [call] }),
        new ToolMessage({ content: "denied by the user: keep it", tool_call_id: "d1" }),
      ],
      all,
    );
    expect(denied.text).toContain("denied by the user: keep it");
    const done = planTurn(
      [
        byId,
        new AIMessage({ content: "", tool_calls: [call] }),
        new ToolMessage({ content: "Deleted note cabc123def456ghi789jkl.", tool_call_id: "d1" }),
      ],
      all,
    );
    expect(done.text).toContain("Deleted note cabc123def456ghi789jkl.");
  });
  it("an edited call that failed is said to have failed, not to have run", () => {
    const call = { name: "notes__delete_note", args: { id: "n1" } };
    const failed = editedResult({ id: "nope" }, "Error: There is no note with id nope");
    expect(answerNoteResult(call, failed)).toMatch(/^The notes server could not do that: /);
    expect(answerNoteResult(call, editedResult({ id: "n2" }, "Deleted note n2"))).toMatch(/^Done: /);
  });
});
