/**
 * The demo model's scripted answers. Deterministic: the same task always gives the same text.
 * Every answer says it comes from a scripted demo; none pretends to be a real model.
 */
import { evaluateExpression } from "../../agents/tools/calculator";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { ALL_DEMO_NOTES, type DemoT, demoNote, demoT, isChinese } from "./i18n";
import { asksForCode, asksForTime, findArithmetic, formatNumber, withoutContext } from "./tasks";

/** Ends every answer that goes to the user (root answers and direct answers); English. */
export const DEMO_NOTE = demoNote("en");

/** Remove the demo note, in any language (used when quoting a child's result inside the parent's answer). */
export function stripDemoNote(text: string): string {
  return ALL_DEMO_NOTES.reduce((t, note) => t.split(note).join(""), text).trim();
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Main words of a task, for titles and code names; undefined when it has none. A Chinese task has
 * no spaces between words: its text is the topic.
 */
function topicOf(task: string): string | undefined {
  const plain = withoutContext(task).replace(/[^\p{L}\p{N}\s-]/gu, " ");
  if (isChinese(plain))
    return (
      shorten(plain.replace(/^(?:请|帮我)?(?:解释|介绍|说明|讲讲|描述|总结|研究|比较|对比)/, ""), 30) ||
      undefined
    );
  const words = plain.split(/\s+/).filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()));
  return words.slice(0, 4).join(" ") || undefined;
}

const STOP = new Set(
  "the and for with about please write explain tell give make create list what how why which that this into from your some short little me a an of to in on is are can you research find describe summarize summarise compute calculate history".split(
    " ",
  ),
);

const JOKES = ["0", "1", "2"] as const;

/** A short markdown answer to one task, without tools, in the locale's language. */
export function answerTask(task: string, locale: Locale = DEFAULT_LOCALE): string {
  const t = demoT(locale);
  const topic = topicOf(task) ?? t("demo.answer.thisTopic");
  const expr = findArithmetic(task);
  if (expr) {
    try {
      return t("demo.answer.computed", { expr, value: formatNumber(evaluateExpression(expr)) });
    } catch {
      // not computable: fall through to a generic answer
    }
  }
  if (asksForTime(task)) return t("demo.answer.noClock");
  if (/\bjoke\b|笑话/i.test(task)) {
    return t("demo.answer.joke", { joke: t(`demo.answer.jokes.${JOKES[hash(task) % JOKES.length]}`) });
  }
  if (/\b(haiku|poem|verse)\b|俳句|诗/i.test(task)) {
    const word = (
      /\babout\s+([\p{L}-]+)/iu.exec(task)?.[1] ??
      /关于(\p{Script=Han}{1,8}?)的/u.exec(task)?.[1] ??
      (isChinese(topic) ? undefined : topic.split(" ").at(-1)) ??
      t("demo.answer.poemWord")
    ).toLowerCase();
    return t("demo.answer.poem", { title: capitalise(word), word });
  }
  if (asksForCode(task)) return codeAnswer(task, topic, t);
  if (/\b(compare|versus|vs\.?|pros|cons)\b|比较|对比|优缺点|优劣/i.test(task)) {
    return t("demo.answer.compare", { topic: capitalise(topic) });
  }
  return [
    `**${capitalise(shorten(withoutContext(task), 90))}**`,
    t("demo.answer.genericIntro"),
    t("demo.answer.genericOutline", { topic: isChinese(topic) ? topic : topic.toLowerCase() }),
    t("demo.answer.genericConnect"),
  ].join("\n\n");
}

function codeAnswer(task: string, topic: string, t: DemoT): string {
  const lang = /\bpython\b/i.test(task)
    ? "python"
    : /\bsql\b/i.test(task)
      ? "sql"
      : /\bbash|shell\b/i.test(task)
        ? "bash"
        : "ts";
  const name = camel(topic);
  const about = t("demo.answer.skeleton", { task: task.trim() });
  const body: Record<string, string> = {
    python: `def ${snake(topic)}(value):\n    """${about}."""\n    return value\n`,
    sql: `-- ${about}\nSELECT *\nFROM items\nWHERE created_at >= CURRENT_DATE - INTERVAL '7 days'\nORDER BY created_at DESC;\n`,
    bash: `#!/usr/bin/env bash\n# ${about}\nset -euo pipefail\necho "done"\n`,
    ts: `// ${about}\nexport function ${name}(input: string): string {\n  return input.trim();\n}\n`,
  };
  return `${t("demo.answer.codeIntro")}\n\n\`\`\`${lang}\n${body[lang]}\`\`\``;
}

/** Child answer that uses a tool's result. */
export function answerWithToolResult(
  task: string,
  toolName: string,
  args: Record<string, unknown>,
  result: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = demoT(locale);
  if (toolName === "calculator") {
    const expr = String(Object.values(args)[0] ?? "");
    return t("demo.tool.calculator", { expr, result: result.trim() });
  }
  if (toolName === "current_time") return t("demo.tool.clock", { time: readableTime(result) });
  return t("demo.tool.other", { tool: toolName, result: result.trim(), task });
}

/** One finished subagent call, as the root's final answer sees it. */
export interface DelegatedResult {
  task: string;
  subagentType: string;
  result: string;
}

/** The root's final answer, built from its children's results. */
export function composeFinalAnswer(results: DelegatedResult[], locale: Locale = DEFAULT_LOCALE): string {
  const t = demoT(locale);
  const failed = (r: DelegatedResult) =>
    /^subagent .* failed/i.test(r.result.trim()) || /^error/i.test(r.result.trim());
  const sections = results.map(
    (r, i) =>
      `### ${i + 1}. ${capitalise(shorten(r.task, 80))}\n${t("demo.final.handledBy", { who: r.subagentType })}\n\n${stripDemoNote(r.result) || t("demo.final.noAnswer")}`,
  );
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${shorten(r.task, 50).replace(/\|/g, "\\|")} | ${r.subagentType} | ${failed(r) ? t("demo.final.failed") : t("demo.final.done")} |`,
  );
  const done = results.filter((r) => !failed(r)).length;
  return [
    `## ${t("demo.final.title")}`,
    t("demo.final.intro", { total: results.length, done }),
    ...sections,
    `### ${t("demo.final.summary")}`,
    [t("demo.final.tableHead"), "|---|---|---|---|", ...rows].join("\n"),
    demoNote(locale),
  ].join("\n\n");
}

function shorten(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function camel(topic: string): string {
  const words = topic
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const name = words.map((w, i) => (i === 0 ? w : capitalise(w))).join("");
  return /^[a-z]/.test(name) ? name : "solve";
}

function snake(topic: string): string {
  const name = topic
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("_");
  return /^[a-z]/.test(name) ? name : "solve";
}

/** The clock tool answers JSON ({ iso, timeZone, local }); show its human-readable part. */
function readableTime(result: string): string {
  try {
    const parsed = JSON.parse(result) as { local?: string; iso?: string };
    return parsed.local ?? parsed.iso ?? result.trim();
  } catch {
    return result.trim();
  }
}
