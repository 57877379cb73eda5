/**
 * How the demo model reads a request: split it into tasks, spot arithmetic and time questions.
 * Pure string functions, deterministic.
 */

const TASK_VERBS = new Set(
  (
    "what who when where why how which is are can could do does please write explain compute calculate " +
    "tell list give summarize summarise describe compare translate find make create draft plan check " +
    "convert suggest name outline define research generate show add multiply divide subtract get " +
    "estimate recommend review fix implement build design sketch count sort rank evaluate analyse analyze"
  ).split(" "),
);

const LIST_ITEM = /^\s*(?:[-*•+]|\d+[.)]|[a-z][.)])\s+(.*\S)\s*$/i;

/** The part of a message that is the task: text after a trailing `Task:` marker (fork preamble), else all. */
export function taskText(message: string): string {
  const m = /(?:^|\n)\s*(?:your\s+)?task\s*:\s*([\s\S]+)$/i.exec(message);
  return (m ? m[1] : message).trim();
}

/**
 * The separate things a request asks for, in order; one element when it asks for one thing.
 * Recognised: bullet or numbered items, several lines, several questions, `;`, and
 * "X and Y" / "X, Y and Z" where every part starts like a task ("write…", "what…").
 */
export function splitTasks(message: string): string[] {
  const text = taskText(message);
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const items = lines.map((l) => LIST_ITEM.exec(l)?.[1]).filter((x): x is string => !!x);
  if (items.length >= 2) {
    const intro = lines
      .filter((l) => !LIST_ITEM.test(l))
      .join(" ")
      .replace(/[:\s]+$/, "");
    return items.map((item) => (intro ? `${item} (context: ${intro})` : item));
  }
  const contentLines = lines.filter((l) => !/:\s*$/.test(l));
  if (contentLines.length >= 2) return contentLines;
  const single = contentLines[0] ?? lines[0] ?? "";
  return splitSentence(single);
}

function splitSentence(text: string): string[] {
  const questions = text.match(/[^?]+\?/g);
  if (
    questions &&
    questions.length >= 2 &&
    questions.join("").length >= text.replace(/\s+$/, "").length - 1
  ) {
    return questions.map((q) => q.trim());
  }
  const bySemicolon = text
    .split(/;\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (bySemicolon.length >= 2) return bySemicolon;
  const parts = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+/i).map((p) => p.trim());
  if (parts.length >= 2 && parts.every((p) => startsLikeTask(p))) {
    return parts.map((p) => capitalise(p.replace(/[.!]+$/, "")));
  }
  return [text];
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function startsLikeTask(part: string): boolean {
  const first =
    part
      .split(/\s+/)[0]
      ?.toLowerCase()
      .replace(/[^a-z']/g, "") ?? "";
  return part.split(/\s+/).length >= 2 && TASK_VERBS.has(first);
}

/** An arithmetic expression in the text (words like "times" normalised), or undefined. */
export function findArithmetic(text: string): string | undefined {
  const normalised = text
    .replace(/(\d)\s*(?:x|×|times|multiplied by)\s*(?=[\d(])/gi, "$1*")
    .replace(/÷|divided by|over(?=\s*\d)/gi, "/")
    .replace(/\bplus\b/gi, "+")
    .replace(/\bminus\b/gi, "-")
    .replace(/to the power of|\*\*/gi, "^");
  const candidates = normalised.match(/[-(]*\d[\d.\s()+\-*/^%]*/g) ?? [];
  for (const c of candidates) {
    const expr = trimUnbalanced(c.trim().replace(/[\s+\-*/^%(]+$/, ""));
    if (/\d\s*\)?\s*[+\-*/^%]\s*\(?\s*-?\d/.test(expr)) return expr;
  }
  return undefined;
}

function trimUnbalanced(expr: string): string {
  let e = expr;
  const count = (ch: string) => e.split(ch).length - 1;
  while (count("(") > count(")") && e.startsWith("(")) e = e.slice(1);
  while (count(")") > count("(") && e.endsWith(")")) e = e.slice(0, -1);
  return e.trim();
}

/** True when the text asks for the current time, date or day. */
export function asksForTime(text: string): boolean {
  return /\b(what time|current time|time is it|time now|the time|today'?s date|what date|current date|what day|date today|the date|clock)\b/i.test(
    text,
  );
}

/** True when the text asks for code. */
export function asksForCode(text: string): boolean {
  return /\b(code|function|script|program|snippet|regex|sql|query|typescript|javascript|python|bash|implement|class|api|algorithm)\b/i.test(
    text,
  );
}

/** A number as people write it: integers plain, others rounded to 10 significant digits. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(10)));
}
