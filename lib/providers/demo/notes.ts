/**
 * The demo model and the built-in notes MCP server: "save a note …" calls a bound `…__save_note`
 * tool, "list my notes" a bound `…__list_notes` tool (matched by the tool's own name, whatever the
 * server's slug), and the answer quotes what the server returned. "delete the note …" finds the
 * note with `…__list_notes` (unless given its id) and calls `…__delete_note`, which in the starter
 * team asks before running.
 */
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { demoT, isChinese } from "./i18n";
import type { DemoToolCall, DemoToolInfo } from "./plan";
import { withoutContext } from "./tasks";

const SAVE =
  /^(?:please\s+)?(?:save|add|write\s+down|jot\s+down|take|make|create|store|keep)\s+(?:me\s+)?(?:a|an|this|the|my)?\s*(?:new\s+)?note\b(?:\s+(?:that|saying|about|:))?[\s:,-]*(.*)$/is;
const REMEMBER = /^(?:please\s+)?remember\s+(?:that\s+)?(.+)$/is;
const DELETE =
  /^(?:please\s+)?(?:delete|remove|erase|trash)\s+(?:the\s+|my\s+|a\s+)?note\b(?:\s+(?:called|titled|named|about|with\s+id))?[\s:,-]*["“]?(.*?)["”]?[.!]?$/is;
/** Note ids as the notes server makes them (cuid). */
const NOTE_ID = /^c[a-z0-9]{20,}$/;
const LIST =
  /\b(?:list|show|display|read|see|what\s+are|which\s+are|give\s+me)\b.*\b(?:my|all|the|saved)\s+notes\b/i;
// The same in Chinese: "保存笔记：…", "记住…", "删除笔记“…”", "列出我的笔记".
const SAVE_ZH =
  /^(?:请|帮我)?(?:保存|记下|添加|新建|写下|记)(?:一条|一个|一下)?(?:新)?(?:笔记|备忘)[：:，,\s]*(.*)$/s;
const REMEMBER_ZH = /^(?:请|帮我)?记住[：:，,\s]*(.+)$/s;
const DELETE_ZH =
  /^(?:请|帮我)?(?:删除|删掉|移除)(?:我的|那条|这条)?(?:笔记|备忘)[：:，,\s]*["“]?(.*?)["”]?[。！!.]?$/s;
const LIST_ZH = /(?:列出|显示|查看|看看|看一下|有哪些|给我看).*笔记|笔记.*(?:有哪些|列表)/;

const deletionTarget = (text: string) => (DELETE.exec(text) ?? DELETE_ZH.exec(text))?.[1]?.trim();

const toolEnding = (tools: DemoToolInfo[], tool: string) =>
  tools.find((t) => t.name === `notes__${tool}`) ?? tools.find((t) => t.name.endsWith(`__${tool}`));

/** The note tool call a task asks for, when the matching tool is bound. */
export function planNoteCall(task: string, tools: DemoToolInfo[]): DemoToolCall | undefined {
  const text = withoutContext(task).trim();
  const save = toolEnding(tools, "save_note");
  const saved = SAVE.exec(text) ?? REMEMBER.exec(text) ?? SAVE_ZH.exec(text) ?? REMEMBER_ZH.exec(text);
  if (save && saved) {
    const content = (saved[1] ?? "").trim().replace(/^["“]|["”]$/g, "") || text;
    // Six words; Chinese has no spaces between words, so its first clause, at most 20 characters.
    const title = isChinese(content)
      ? (content.split(/[，。；！？,.;!?\n]/)[0] ?? "").slice(0, 20)
      : content
          .split(/\s+/)
          .slice(0, 6)
          .join(" ")
          .replace(/[.,;:!?]+$/, "");
    return { name: save.name, args: { title: title.slice(0, 200), content: content.slice(0, 20_000) } };
  }
  const list = toolEnding(tools, "list_notes");
  const remove = toolEnding(tools, "delete_note");
  const target = deletionTarget(text);
  if (target && (remove || list)) {
    // By id straight away; by title, find it first (then `planDeleteAfterList`).
    if (remove && (NOTE_ID.test(target) || !list)) return { name: remove.name, args: { id: target } };
    if (list) return { name: list.name, args: { query: target } };
  }
  if (list && (LIST.test(text) || LIST_ZH.test(text))) return { name: list.name, args: {} };
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
  locale: Locale = DEFAULT_LOCALE,
): { text: string; call?: DemoToolCall } | undefined {
  const t = demoT(locale);
  const target = deletionTarget(task.trim());
  const remove = toolEnding(tools, "delete_note");
  if (!target || !remove) return undefined;
  const match = /^- (\S+) · (.*?) \(updated/m.exec(result);
  if (!match) return { text: t("demo.notes.notFound", { target }) };
  return {
    text: t("demo.notes.deleting", { title: match[2], tool: remove.name }),
    call: { name: remove.name, args: { id: match[1] } },
  };
}

/** The answer after a note tool returned `result`. */
export function answerNoteResult(
  call: DemoToolCall,
  result: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = demoT(locale);
  const out = result.trim();
  const tool = call.name;
  if (/^denied by the user/i.test(out)) return t("demo.notes.denied", { result: out });
  // An edited call's result begins with the edit (lib/agents/approval.ts editedResult), then the error.
  if (/^error|Result: Error/i.test(out)) return t("demo.notes.failed", { result: out });
  if (call.name.endsWith("__delete_note")) return t("demo.notes.deleted", { tool, result: out });
  if (call.name.endsWith("__save_note")) {
    return t("demo.notes.saved", { title: String(call.args.title ?? ""), tool, result: out });
  }
  return t("demo.notes.listed", { tool, result: out });
}
