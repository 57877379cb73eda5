/**
 * The demo model's scripted answers. Deterministic: the same task always gives the same text.
 * Every answer says it comes from a scripted demo; none pretends to be a real model.
 */
import { evaluateExpression } from "../../agents/tools/calculator";
import { asksForCode, asksForTime, findArithmetic, formatNumber } from "./tasks";

/** Ends every answer that goes to the user (root answers and direct answers). */
export const DEMO_NOTE =
  "_Scripted offline demo model (no real LLM): it splits requests, delegates them and answers with canned text._";

/** Remove the demo note (used when quoting a child's result inside the parent's answer). */
export function stripDemoNote(text: string): string {
  return text.split(DEMO_NOTE).join("").trim();
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick<T>(items: readonly T[], seed: string): T {
  return items[hash(seed) % items.length];
}

/** Main words of a task, for titles and code names. */
function topicOf(task: string): string {
  const words = task
    .replace(/\(context:.*\)$/i, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()));
  return words.slice(0, 4).join(" ") || "this";
}

const STOP = new Set(
  "the and for with about please write explain tell give make create list what how why which that this into from your some short little me a an of to in on is are can you research find describe summarize summarise compute calculate history".split(
    " ",
  ),
);

const JOKES = [
  "Why do programmers prefer dark mode? Because light attracts bugs.",
  "There are 10 kinds of people: those who understand binary and those who don't.",
  "A SQL query walks into a bar, goes up to two tables and asks: “Can I join you?”",
];

/** A short markdown answer to one task, without tools. */
export function answerTask(task: string): string {
  const topic = topicOf(task);
  const expr = findArithmetic(task);
  if (expr) {
    try {
      return `\`${expr}\` = **${formatNumber(evaluateExpression(expr))}**\n\nComputed exactly by the demo's built-in arithmetic (no model involved).`;
    } catch {
      // not computable: fall through to a generic answer
    }
  }
  if (asksForTime(task)) {
    return "I have no clock tool in this conversation, so I can't tell the current time or date. Enable the `current_time` tool for this agent and ask again.";
  }
  if (/\bjoke\b/i.test(task)) return `Here's one:\n\n> ${pick(JOKES, task)}`;
  if (/\b(haiku|poem|verse)\b/i.test(task)) {
    const word = (
      /\babout\s+([\p{L}-]+)/iu.exec(task)?.[1] ??
      topic.split(" ").at(-1) ??
      "code"
    ).toLowerCase();
    return `*${capitalise(word)}*\n\n> quiet ${word} at dusk —\n> a scripted model hums along,\n> no weights, only rules`;
  }
  if (asksForCode(task)) return codeAnswer(task, topic);
  if (/\b(compare|versus|vs\.?|pros|cons)\b/i.test(task)) {
    return `**${capitalise(topic)}: a comparison outline**\n\n| Aspect | What to look at |\n|---|---|\n| Strengths | where each option shines |\n| Trade-offs | cost, complexity, lock-in |\n| Fit | which one matches your constraints |\n\nA real model would fill in the specifics; this demo only shows the shape.`;
  }
  return [
    `**${capitalise(shorten(task.replace(/\s*\(context:.*\)$/i, ""), 90))}**`,
    "I'm the scripted demo, so there is no real knowledge behind this reply. A full answer would be organised like this:",
    `1. **Overview**: the short answer about ${topic.toLowerCase()}\n2. **Key points**: the three to five facts that answer the question\n3. **Next steps**: sources to read or actions to take`,
    "Connect an OpenAI-compatible, Anthropic or Google endpoint to get a real answer.",
  ].join("\n\n");
}

function codeAnswer(task: string, topic: string): string {
  const lang = /\bpython\b/i.test(task)
    ? "python"
    : /\bsql\b/i.test(task)
      ? "sql"
      : /\bbash|shell\b/i.test(task)
        ? "bash"
        : "ts";
  const name = camel(topic);
  const body: Record<string, string> = {
    python: `def ${snake(topic)}(value):\n    """${task.trim()} (scripted demo skeleton)."""\n    return value\n`,
    sql: `-- ${task.trim()} (scripted demo skeleton)\nSELECT *\nFROM items\nWHERE created_at >= CURRENT_DATE - INTERVAL '7 days'\nORDER BY created_at DESC;\n`,
    bash: `#!/usr/bin/env bash\n# ${task.trim()} (scripted demo skeleton)\nset -euo pipefail\necho "done"\n`,
    ts: `// ${task.trim()} (scripted demo skeleton)\nexport function ${name}(input: string): string {\n  return input.trim();\n}\n`,
  };
  return `A starting point — a skeleton, not a real implementation:\n\n\`\`\`${lang}\n${body[lang]}\`\`\``;
}

/** Child answer that uses a tool's result. */
export function answerWithToolResult(
  task: string,
  toolName: string,
  args: Record<string, unknown>,
  result: string,
): string {
  if (toolName === "calculator") {
    const expr = String(Object.values(args)[0] ?? "");
    return `The \`calculator\` tool says \`${expr}\` = **${result.trim()}**.`;
  }
  if (toolName === "current_time") return `The \`current_time\` tool reports: **${readableTime(result)}**.`;
  return `The \`${toolName}\` tool returned:\n\n${result.trim()}\n\n(for: ${task})`;
}

/** One finished subagent call, as the root's final answer sees it. */
export interface DelegatedResult {
  task: string;
  subagentType: string;
  result: string;
}

/** The root's final answer, built from its children's results. */
export function composeFinalAnswer(results: DelegatedResult[]): string {
  const failed = (r: DelegatedResult) =>
    /^subagent .* failed/i.test(r.result.trim()) || /^error/i.test(r.result.trim());
  const sections = results.map(
    (r, i) =>
      `### ${i + 1}. ${capitalise(shorten(r.task, 80))}\n_Handled by **${r.subagentType}**_\n\n${stripDemoNote(r.result) || "(no answer)"}`,
  );
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${shorten(r.task, 50).replace(/\|/g, "\\|")} | ${r.subagentType} | ${failed(r) ? "✗ failed" : "✓ done"} |`,
  );
  const done = results.filter((r) => !failed(r)).length;
  return [
    "## Results",
    `I split your request into ${results.length} tasks and delegated them to subagents in parallel; ${done} of ${results.length} finished.`,
    ...sections,
    "### Summary",
    ["| # | Task | Subagent | Status |", "|---|---|---|---|", ...rows].join("\n"),
    DEMO_NOTE,
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
