/**
 * What the demo model does with attached files (they arrive as `<file>` blocks in the user's
 * message, lib/agents/files.ts): summarize one, count a CSV's rows, describe what it can't read,
 * and, with several files and a `subagent` tool, hand each file to its own subagent.
 */
import type { BaseMessage } from "@langchain/core/messages";
import { HumanMessage } from "@langchain/core/messages";
import { type FileBlock, readFileBlocks } from "../../agents/files";
import { messageText } from "../../agents/messages";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { countWords } from "../../util/word-count";
import { type DemoT, demoT, sentences } from "./i18n";
import { formatNumber, taskText } from "./tasks";

const COUNT_ROWS =
  /\b(count|how many)\b[^.?!]*\b(rows?|lines?|records?|entries)\b|(?:多少|几)(?:行|条记录|条数据|条)|行数|统计.*行/i;

/** The request of the latest human message and the files the conversation shows this agent. */
export function filesInView(messages: BaseMessage[]): { request: string; files: FileBlock[] } {
  let request = "";
  const files: FileBlock[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!HumanMessage.isInstance(m)) continue;
    const read = readFileBlocks(messageText(m));
    if (!request) request = taskText(read.text);
    // A fork child sees the files of earlier messages too (oldest first in the answer).
    files.unshift(...read.files.filter((f) => !files.some((x) => x.name === f.name)));
  }
  return { request, files };
}

/** Whether a request is about the attached files (rather than a task that merely comes with them). */
export function isAboutFiles(request: string): boolean {
  return (
    COUNT_ROWS.test(request) ||
    /\b(summari[sz]e|summary|attached|attachment|files?|document|csv|pdf|image|describe|read|analy[sz]e|what(?:'s| is) in)\b/i.test(
      request,
    ) ||
    /总结|摘要|概括|附件|文件|文档|表格|图片|图像|描述|读一下|分析|里面有什么|写了什么/.test(request)
  );
}

/** Rows of CSV text (quoted fields may span lines), the header row included. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (row.some((f) => f.trim())) rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim())) rows.push(row);
  return rows;
}

const CUT_NOTE = /\n\[Only the first \d+ of \d+ characters of this file were sent[^\]]*\]$/;

function isCsv(f: FileBlock) {
  return f.mimeType === "text/csv" || /\.csv$/i.test(f.name);
}

function countRows(f: FileBlock, locale: Locale): string {
  const t = demoT(locale);
  if (!isCsv(f)) {
    const lines = f.body
      .replace(CUT_NOTE, "")
      .split(/\r?\n/)
      .filter((l) => l.trim()).length;
    return t("demo.files.notCsv", { file: f.name, lines: formatNumber(lines) });
  }
  const cut = CUT_NOTE.test(f.body);
  const rows = csvRows(f.body.replace(CUT_NOTE, ""));
  const header = rows[0] ?? [];
  const data = Math.max(0, rows.length - 1);
  const columns = header.map((h) => `\`${h.trim()}\``).join(t("demo.listJoiner"));
  const counted = t("demo.files.rows", {
    file: f.name,
    rowCount: data,
    rows: formatNumber(data),
    columnCount: header.length,
    columns: columns ? t("demo.files.columnList", { columns }) : "",
  });
  return cut ? sentences(locale, [counted, t("demo.files.rowsCut")]) : counted;
}

function summarize(f: FileBlock, locale: Locale): string {
  const t = demoT(locale);
  if (f.mimeType.startsWith("image/"))
    return t("demo.files.image", { file: f.name, mime: f.mimeType, size: formatSize(f.size) });
  const body = f.body.replace(CUT_NOTE, "");
  if (isCsv(f)) {
    const first = (csvRows(body)[1] ?? []).join(", ") || t("demo.files.none");
    return sentences(locale, [countRows(f, locale), t("demo.files.firstRow", { row: first })]);
  }
  const pages = body.match(/^--- Page \d+ ---$/gm)?.length ?? 0;
  const clean = body.replace(/^--- Page \d+ ---$/gm, "").replace(/^\[.*\]$/gm, "");
  const words = countWords(clean.replace(/^#+\s/gm, ""), locale);
  const headings = [...clean.matchAll(/^#{1,3}\s+(.+)$/gm)].map((m) => m[1].trim()).slice(0, 5);
  const opening = clean
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .find((p) => p && !p.startsWith("#"));
  const parts = [
    t("demo.files.summary", { file: f.name, mime: f.mimeType, pageCount: pages, words: formatNumber(words) }),
  ];
  if (headings.length) parts.push(sectionsOf(headings, t));
  if (opening)
    parts.push(t("demo.files.opens", { text: opening.length > 240 ? `${opening.slice(0, 237)}…` : opening }));
  if (CUT_NOTE.test(f.body)) parts.push(t("demo.files.startCut"));
  return sentences(locale, parts);
}

function sectionsOf(headings: string[], t: DemoT): string {
  const list = headings.map((heading) => t("demo.files.heading", { heading })).join(t("demo.listJoiner"));
  return t("demo.files.sections", { sections: list });
}

function formatSize(n: number): string {
  return n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${Math.round(n / 1024)} KB`
      : `${(n / 1048576).toFixed(1)} MB`;
}

/** The demo's answer about the files in view, one paragraph per file. */
export function answerAboutFiles(
  request: string,
  files: FileBlock[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const count = COUNT_ROWS.test(request);
  const answers = files.map((f) => (count ? countRows(f, locale) : summarize(f, locale)));
  return answers.join("\n\n");
}
