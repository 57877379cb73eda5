/**
 * The demo model and the built-in notes MCP server: "save a note …" calls a bound `…__save_note`
 * tool, "list my notes" a bound `…__list_notes` tool (matched by the tool's own name, whatever the
 * server's slug), and the answer quotes what the server returned.
 */
import type { DemoToolCall, DemoToolInfo } from "./plan";

const SAVE =
  /^(?:please\s+)?(?:save|add|write\s+down|jot\s+down|take|make|create|store|keep)\s+(?:me\s+)?(?:a|an|this|the|my)?\s*(?:new\s+)?note\b(?:\s+(?:that|saying|about|:))?[\s:,-]*(.*)$/is;
const REMEMBER = /^(?:please\s+)?remember\s+(?:that\s+)?(.+)$/is;
const LIST =
  /\b(?:list|show|display|read|see|what\s+are|which\s+are|give\s+me)\b.*\b(?:my|all|the|saved)\s+notes\b/i;

const toolEnding = (tools: DemoToolInfo[], tool: string) =>
  tools.find((t) => t.name === `notes__${tool}`) ?? tools.find((t) => t.name.endsWith(`__${tool}`));

/** The note tool call a task asks for, when the matching tool is bound. */
export function planNoteCall(task: string, tools: DemoToolInfo[]): DemoToolCall | undefined {
  const text = task.replace(/\s*\(context:.*\)$/i, "").trim();
  const save = toolEnding(tools, "save_note");
  const saved = SAVE.exec(text) ?? REMEMBER.exec(text);
  if (save && saved) {
    const content = (saved[1] ?? "").trim().replace(/^["“]|["”]$/g, "") || text;
    const title = content
      .split(/\s+/)
      .slice(0, 6)
      .join(" ")
      .replace(/[.,;:!?]+$/, "");
    return { name: save.name, args: { title: title.slice(0, 200), content: content.slice(0, 20_000) } };
  }
  const list = toolEnding(tools, "list_notes");
  if (list && LIST.test(text)) return { name: list.name, args: {} };
  return undefined;
}

export const isNoteTool = (name: string) => /__(?:save_note|list_notes)$/.test(name);

/** The answer after a note tool returned `result`. */
export function answerNoteResult(call: DemoToolCall, result: string): string {
  const out = result.trim();
  if (/^error/i.test(out)) return `The notes server could not do that: ${out}`;
  if (call.name.endsWith("__save_note")) {
    return `Saved your note **${String(call.args.title ?? "")}** with the \`${call.name}\` tool. The notes server answered:\n\n${out}`;
  }
  return `Here are your notes, from the \`${call.name}\` tool:\n\n${out}`;
}
