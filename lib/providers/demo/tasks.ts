/**
 * How the demo model reads a request: split it into tasks, spot arithmetic and time questions.
 * Pure string functions, deterministic. English and Chinese requests are both read, whatever the
 * user's language (the words decide, not the locale).
 */

import { demoT, isChinese } from "./i18n";

const TASK_VERBS = new Set(
  (
    "what who when where why how which is are can could do does please write explain compute calculate " +
    "tell list give summarize summarise describe compare translate find make create draft plan check " +
    "convert suggest name outline define research generate show add multiply divide subtract get " +
    "estimate recommend review fix implement build design sketch count sort rank evaluate analyse analyze"
  ).split(" "),
);

// How a Chinese task starts ("写…", "解释…", "计算…", "现在几点"): the Chinese TASK_VERBS.
const CHINESE_TASK_START =
  /^(?:请|帮我|麻烦)?(?:写|解释|计算|算|告诉|讲|说|列出|列举|给|总结|概括|描述|比较|对比|翻译|查找|找|查|做|制定|规划|检查|转换|建议|起|定义|研究|生成|显示|估算|推荐|评审|修复|实现|构建|设计|统计|排序|评估|分析|说明|介绍|什么|谁|何时|哪|为什么|怎么|如何|现在|今天|多少|是否|能否|保存|记下|删除)/;

// "- item", "1. item", "a) item"; Chinese lists also write "1、item" and "1）item", often unspaced.
const LIST_ITEM = /^\s*(?:(?:[-*•+]|\d+[.)]|[a-z][.)])\s+|\d+[、．）]\s*)(.*\S)\s*$/i;

const CONTEXT = /\s*(?:\(context:.*\)|（背景：.*）)$/i;

/** A list item with its list's intro line, in the intro's language (CONTEXT reads it back). */
function withContext(item: string, intro: string): string {
  return demoT(isChinese(intro) ? "zh-CN" : "en")("demo.plan.context", { task: item, intro });
}

/** A task without the intro `splitTasks` appended to it. */
export function withoutContext(task: string): string {
  return task.replace(CONTEXT, "");
}

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
      .replace(/[:：\s]+$/, "");
    return items.map((item) => (intro ? withContext(item, intro) : item));
  }
  const contentLines = lines.filter((l) => !/[:：]\s*$/.test(l));
  if (contentLines.length >= 2) return contentLines;
  const single = contentLines[0] ?? lines[0] ?? "";
  return splitSentence(single);
}

function splitSentence(text: string): string[] {
  const questions = text.match(/[^?？]+[?？]/g);
  if (
    questions &&
    questions.length >= 2 &&
    questions.join("").length >= text.replace(/\s+$/, "").length - 1
  ) {
    return questions.map((q) => q.trim());
  }
  const bySemicolon = text
    .split(/[;；]\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (bySemicolon.length >= 2) return bySemicolon;
  const parts = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+/i).map((p) => p.trim());
  if (parts.length >= 2 && parts.every((p) => startsLikeTask(p))) {
    return parts.map((p) => capitalise(p.replace(/[.!]+$/, "")));
  }
  // Chinese: "，", "、", "。", "和", "并且", "然后", "再", where every part starts like a task (as
  // "and" above): "解释闭包，写一个正则并且讲个笑话" is three tasks, "比较猫和狗" one.
  const chinese = text
    .split(/\s*(?:[，,、。]\s*(?:并且|然后|再)?|并且|然后|和)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (chinese.length >= 2 && chinese.every((p) => CHINESE_TASK_START.test(p) && p.length >= 2)) {
    return chinese.map((p) => p.replace(/[。！!]+$/, ""));
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
    .replace(/(\d)\s*(?:乘以|乘)\s*(?=[\d(])/g, "$1*")
    .replace(/(\d)\s*(?:除以)\s*(?=[\d(])/g, "$1/")
    .replace(/(\d)\s*(?:加上|加)\s*(?=[\d(])/g, "$1+")
    .replace(/(\d)\s*(?:减去|减)\s*(?=[\d(])/g, "$1-")
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
  if (
    /现在几点|几点了|几点钟|当前时间|现在的?时间|今天几号|今天的日期|今天是几月几号|星期几|礼拜几|什么日期|几月几号/.test(
      text,
    )
  )
    return true;
  return /\b(what time|current time|time is it|time now|the time|today'?s date|what date|current date|what day|date today|the date|clock)\b/i.test(
    text,
  );
}

/** True when the text asks for code. */
export function asksForCode(text: string): boolean {
  if (/代码|函数|脚本|程序|正则|查询语句|算法|接口/.test(text)) return true;
  return /\b(code|function|script|program|snippet|regex|sql|query|typescript|javascript|python|bash|implement|class|api|algorithm)\b/i.test(
    text,
  );
}

/** A number as people write it: integers plain, others rounded to 10 significant digits. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(10)));
}
