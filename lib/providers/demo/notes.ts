/**
 * The demo model and the built-in notes MCP server: "save a note …" calls a bound `…__save_note`
 * tool, "list my notes" a bound `…__list_notes` tool (matched by the tool's own name, whatever the
 * server's slug), and the answer quotes what the server returned. "delete the note …" finds the
 * note with `…__list_notes` (unless given its id) and calls `…__delete_note`, which in the starter
 * team asks before running.
 */
import type { DemoToolCall, DemoToolInfo } from "./plan";

const SAVE =
  /^(?:please\s+)?(?:save|add|write\s+down|jot\s+down|take|make|create|store|keep)\s+(?:me\s+)?(?:a|an|this|the|my)?\s*(?:new\s+)?note\b(?:\s+(?:that|saying|about|:))?[\s:,-]*(.*)$/is;
const REMEMBER = /^(?:please\s+)?remember\s+(?:that\s+)?(.+)$/is;
const DELETE =
  /^(?:please\s+)?(?:delete|remove|erase|trash)\s+(?:the\s+|my\s+|a\s+)?note\b(?:\s+(?:called|titled|named|about|with\s+id))?[\s:,-]*["“]?(.*?)["”]?[.!]?$/is;
/** Note ids as the notes server makes them (cuid). */
const NOTE_ID = /^c[a-z0-9]{20,}$/;
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
  const remove = toolEnding(tools, "delete_note");
  const target = DELETE.exec(text)?.[1]?.trim();
  if (target && (remove || list)) {
    // By id straight away; by title, find it first (then `planDeleteAfterList`).
    if (remove && (NOTE_ID.test(target) || !list)) return { name: remove.name, args: { id: target } };
    if (list) return { name: list.name, args: { query: target } };
  }
  if (list && LIST.test(text)) return { name: list.name, args: {} };
  return undefined;
}

export const isNoteTool = (name: string) => /__(?:save_note|list_notes|delete_note)$/.test(name);

/**
 * After `list_notes` looked for the note a "delete the note …" task names: the delete call for the
 * first match, or an answer saying nothing matched. Undefined when the task is not a deletion.
 */
export function planDeleteAfterList(
  task: string,
  result: string,
  tools: DemoToolInfo[],
): { text: string; call?: DemoToolCall } | undefined {
  const target = DELETE.exec(task.trim())?.[1]?.trim();
  const remove = toolEnding(tools, "delete_note");
  if (!target || !remove) return undefined;
  const match = /^- (\S+) · (.*?) \(updated/m.exec(result);
  if (!match) return { text: `I found no note matching "${target}", so nothing was deleted.` };
  return {
    text: `Found **${match[2]}**. Deleting it with \`${remove.name}\` — this tool asks before running, so please approve or deny the call.`,
    call: { name: remove.name, args: { id: match[1] } },
  };
}

/** The answer after a note tool returned `result`. */
export function answerNoteResult(call: DemoToolCall, result: string): string {
  const out = result.trim();
  if (/^denied by the user/i.test(out)) return `I did not go ahead: the call was ${out}.`;
  if (/^error/i.test(out)) return `The notes server could not do that: ${out}`;
  if (call.name.endsWith("__delete_note")) {
    return `Done: \`${call.name}\` ran with your approval. The notes server answered:\n\n${out}`;
  }
  if (call.name.endsWith("__save_note")) {
    return `Saved your note **${String(call.args.title ?? "")}** with the \`${call.name}\` tool. The notes server answered:\n\n${out}`;
  }
  return `Here are your notes, from the \`${call.name}\` tool:\n\n${out}`;
}
