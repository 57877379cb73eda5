/**
 * What the demo model does in one turn, decided from the conversation and the bound tools only.
 *
 * 1. Trailing ToolMessages answer `subagent` calls → the final answer quoting each child's result.
 * 2. Trailing ToolMessages answer other tools (calculator, current_time) → an answer using them.
 * 3. A new request with several tasks and a `subagent` tool → ONE message with one `subagent` call
 *    per task (they run in parallel), each to the child whose name and description fit it best
 *    (demo/routing.ts), else to `self` when allowed.
 * 4. A request about attached files ("summarize the attached file", "count the rows of the CSV")
 *    → an answer per file; with several files and a `subagent` tool, one subagent per file, each
 *    passed its file by name (demo/files.ts).
 * 5. A request with the marker "[ask]" (demo/ask.ts) → `ask_user` when bound, else handed whole to
 *    the first explicit child; after the answer, what the user chose.
 * 6. A request with the marker "[background]" (demo/background.ts) → the first subagent entry that
 *    may run in the background is started with `run_in_background`; then a short answer at once
 *    (with "[wait]" too: `wait_for_task` on it first, then an answer with its result).
 * 0. Steering messages at the end (lib/agents/steering.ts) are acknowledged, quoting them; the
 *    turn is then what it would have been without them.
 * 7. An eval judge's prompt (demo/judge.ts) → a fixed grade as JSON.
 * 8. Otherwise each task is answered, calling `calculator` / `current_time` first when bound and needed,
 *    or the notes server's `save_note` / `list_notes` ("save a note …", "list my notes").
 */

import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { type FileBlock, readFileBlocks } from "../../agents/files";
import { messageText } from "../../agents/messages";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { answerTask, answerWithToolResult, composeFinalAnswer } from "./answers";
import { afterAnswer, planQuestion, wantsQuestion } from "./ask";
import { afterBackground, planBackground, wantsBackground } from "./background";
import { answerAboutFiles, filesInView, isAboutFiles } from "./files";
import { ALL_DEMO_NOTES, demoNote, demoT } from "./i18n";
import { isJudgePrompt, judgeReply } from "./judge";
import { answerNoteResult, isNoteTool, planDeleteAfterList, planNoteCall } from "./notes";
import { type Route, routeTask } from "./routing";
import { acknowledgeSteers, isSteer, trailingSteers } from "./steer";
import { asksForTime, findArithmetic, splitTasks } from "./tasks";
import { planTitle } from "./title";
import {
  answeredTodosOnly,
  delegationBefore,
  doneTodos,
  firstTodos,
  WRITE_TODOS,
  wroteAllDone,
} from "./todos";

/** A bound tool as the demo sees it: name and JSON schema of its arguments. */
export interface DemoToolInfo {
  name: string;
  description?: string;
  parameters?: {
    properties?: Record<string, { enum?: unknown[]; type?: unknown }>;
    required?: string[];
  };
}

export interface DemoToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface DemoPlan {
  /** Markdown text to stream. */
  text: string;
  /** Tool calls to emit after the text, all in the same message. */
  toolCalls: DemoToolCall[];
}

/** The turn, its text in `locale` (the language of the request that started the run). */
export function planTurn(
  messages: BaseMessage[],
  tools: DemoToolInfo[],
  locale: Locale = DEFAULT_LOCALE,
): DemoPlan {
  const t = demoT(locale);
  const title = planTitle(messages);
  if (title) return title;
  // Steering the engine just added: acknowledged, then the turn it would have been without it.
  const steers = trailingSteers(messages);
  if (steers) {
    const plan = planTurn(messages.slice(0, messages.length - steers), tools, locale);
    return { ...plan, text: `${acknowledgeSteers(messages, steers, locale)}\n\n${plan.text}` };
  }
  const last = messages.at(-1);
  if (last && ToolMessage.isInstance(last)) return planAfterTools(messages, tools, locale);
  const inView = filesInView(messages);
  if (inView.files.length && isAboutFiles(inView.request)) {
    // A child handed one file by name (a fork sees them all) works on that one.
    const named = inView.files.filter((f) => inView.request.includes(f.name));
    const files = named.length ? named : inView.files;
    const subagent = tools.find((t) => t.name === "subagent");
    if (subagent && files.length >= 2) return planFileDelegation(inView.request, files, subagent, locale);
    return { text: withNote(answerAboutFiles(inView.request, files, locale), locale), toolCalls: [] };
  }
  const request = latestHumanText(messages);
  if (!request.trim()) {
    return {
      text: withNote(t("demo.hello"), locale),
      toolCalls: [],
    };
  }
  if (isJudgePrompt(request)) return { text: judgeReply(locale), toolCalls: [] };
  if (wantsQuestion(request)) {
    const question = planQuestion(request, tools, locale);
    if (question) return question;
  }
  if (wantsBackground(request)) {
    const started = planBackground(request, tools, locale);
    if (started) return started;
  }
  const tasks = splitTasks(request);
  const subagent = tools.find((t) => t.name === "subagent");
  if (subagent && tasks.length >= 2) {
    if (tools.some((t) => t.name === WRITE_TODOS)) return firstTodos(tasks, locale);
    return planDelegation(tasks, subagent, locale);
  }
  const steps = planSteps(tasks, tools);
  const toolCalls = steps.flatMap((s) => (s.call ? [s.call] : []));
  if (toolCalls.length > 0) {
    const what = toolCalls.map((c) => `\`${c.name}\``).join(t("demo.plan.toolJoiner"));
    return { text: t("demo.plan.useTools", { tools: what }), toolCalls };
  }
  return { text: withNote(renderSteps(steps, [], locale), locale), toolCalls: [] };
}

/**
 * Subagent types with their names and descriptions, read from the `subagent` tool's description
 * (lines "- <type> (<name>): <description>"; self-spawn lines have no name).
 */
export function subagentCatalog(
  subagent: DemoToolInfo | undefined,
): Map<string, { name: string; about: string }> {
  const catalog = new Map<string, { name: string; about: string }>();
  for (const line of (subagent?.description ?? "").split("\n")) {
    const m = /^- (\S+?)(?: \(([^)]*)\))?: (.*)$/.exec(line.trim());
    if (m) catalog.set(m[1], { name: m[2] ?? (m[1] === "self" ? "self" : m[1]), about: m[3] });
  }
  return catalog;
}

function planDelegation(tasks: string[], subagent: DemoToolInfo, locale: Locale): DemoPlan {
  const t = demoT(locale);
  const options = subagent.parameters?.properties?.subagent_type?.enum?.map(String) ?? [];
  const catalog = subagentCatalog(subagent);
  const children = options
    .filter((o) => o !== "self")
    .map((type) => ({ type, name: catalog.get(type)?.name ?? type, about: catalog.get(type)?.about ?? "" }));
  const routes = tasks.map((task, i) => routeTask(task, i, children, options.includes("self")));
  const toolCalls = tasks.map((task, i) => ({
    name: "subagent",
    args: { subagent_type: routes[i].type, description: task },
  }));
  const list = toolCalls
    .map((c, i) => {
      const who = catalog.get(c.args.subagent_type)?.name ?? c.args.subagent_type;
      return t("demo.plan.item", {
        n: i + 1,
        task: c.args.description,
        who,
        reason: routeReason(routes[i], t),
      });
    })
    .join("\n");
  return { text: `${t("demo.plan.split", { count: tasks.length })}\n\n${list}`, toolCalls };
}

/** Why a task went where it did, in the words of the agent's own name and description. */
function routeReason(route: Route, t: ReturnType<typeof demoT>): string {
  if (route.matched.length > 0) {
    const words = route.matched.map((w) => t("demo.quoted", { text: w })).join(t("demo.listJoiner"));
    return t("demo.plan.fits", { words });
  }
  return route.type === "self" ? t("demo.plan.selfFallback") : t("demo.plan.nextFallback");
}

function planFileDelegation(
  request: string,
  files: FileBlock[],
  subagent: DemoToolInfo,
  locale: Locale,
): DemoPlan {
  const t = demoT(locale);
  const options = subagent.parameters?.properties?.subagent_type?.enum?.map(String) ?? [];
  const children = options.filter((o) => o !== "self");
  const types = children.length > 0 ? children : ["self"];
  const catalog = subagentCatalog(subagent);
  const toolCalls = files.map((f, i) => ({
    name: "subagent",
    args: {
      subagent_type: types[i % types.length],
      description: t("demo.files.taskFor", { request, file: f.name }),
      files: [f.name],
    },
  }));
  const list = toolCalls
    .map(
      (c, i) =>
        `${i + 1}. ${files[i].name} → **${catalog.get(c.args.subagent_type)?.name ?? c.args.subagent_type}**`,
    )
    .join("\n");
  return {
    text: `${t("demo.files.delegate", { count: files.length })}\n\n${list}`,
    toolCalls,
  };
}

interface Step {
  task: string;
  call?: DemoToolCall;
}

/** For each task: the bound tool it needs (calculator for arithmetic, current_time for time/date). */
function planSteps(tasks: string[], tools: DemoToolInfo[]): Step[] {
  const calculator = tools.find((t) => t.name === "calculator");
  const clock = tools.find((t) => t.name === "current_time");
  return tasks.map((task) => {
    const note = planNoteCall(task, tools);
    if (note) return { task, call: note };
    const expr = findArithmetic(task);
    if (calculator && expr)
      return { task, call: { name: "calculator", args: { [argName(calculator)]: expr } } };
    if (clock && asksForTime(task)) return { task, call: { name: "current_time", args: clockArgs(clock) } };
    return { task };
  });
}

function renderSteps(steps: Step[], results: string[], locale: Locale): string {
  let callIndex = 0;
  const answers = steps.map((s) => {
    if (!s.call) return answerTask(s.task, locale);
    const result = results[callIndex++] ?? demoT(locale)("demo.plan.noResult");
    if (isNoteTool(s.call.name)) return answerNoteResult(s.call, result, locale);
    return answerWithToolResult(s.task, s.call.name, s.call.args, result, locale);
  });
  if (answers.length === 1) return answers[0];
  return answers.map((a, i) => `### ${i + 1}. ${steps[i].task}\n\n${a}`).join("\n\n");
}

function planAfterTools(messages: BaseMessage[], tools: DemoToolInfo[], locale: Locale): DemoPlan {
  const catalog = subagentCatalog(tools.find((t) => t.name === "subagent"));
  let i = messages.length - 1;
  while (i >= 0 && ToolMessage.isInstance(messages[i])) i--;
  const ai = messages[i];
  const toolMessages = messages.slice(i + 1) as ToolMessage[];
  const calls = ai && AIMessage.isInstance(ai) ? (ai.tool_calls ?? []) : [];
  const resultFor = (id: string | undefined, index: number) => {
    const byId = toolMessages.find((t) => t.tool_call_id === id);
    return messageText(byId ?? toolMessages[index]);
  };
  const answered = afterAnswer(ai, resultFor(calls[0]?.id, 0), locale);
  if (answered) return { text: withNote(answered, locale), toolCalls: [] };
  const background = afterBackground(
    ai,
    resultFor(calls[0]?.id, 0),
    { request: latestHumanText(messages), tools },
    locale,
  );
  if (background)
    return background.toolCalls.length
      ? background
      : { text: withNote(background.text, locale), toolCalls: [] };
  // The checklist (demo/todos.ts): written → delegate; all done → the final answer.
  const subagent = tools.find((t) => t.name === "subagent");
  if (answeredTodosOnly(ai)) {
    if (wroteAllDone(ai))
      return planAfterTools(
        delegationBefore(messages, i - 1),
        tools.filter((t) => t.name !== WRITE_TODOS),
        locale,
      );
    if (subagent) return planDelegation(splitTasks(latestHumanText(messages)), subagent, locale);
  }
  const subagentCalls = calls.filter((c) => c.name === "subagent");
  if (subagentCalls.length > 0 && tools.some((t) => t.name === WRITE_TODOS))
    return doneTodos(splitTasks(latestHumanText(messages)), locale);
  if (subagentCalls.length > 0) {
    const results = subagentCalls.map((c, idx) => ({
      task: String(c.args.description ?? ""),
      subagentType:
        catalog.get(String(c.args.subagent_type ?? "self"))?.name ?? String(c.args.subagent_type ?? "self"),
      result: resultFor(c.id, idx),
    }));
    return { text: composeFinalAnswer(results, locale), toolCalls: [] };
  }
  // Rebuild the same steps as the turn that made these calls (deterministic), then fill in results.
  const tasks = splitTasks(latestHumanText(messages.slice(0, i + 1)));
  // "delete the note …": the note was looked up by title; now delete what was found.
  if (tasks.length === 1 && calls.length === 1 && calls[0].name.endsWith("__list_notes")) {
    const next = planDeleteAfterList(tasks[0], resultFor(calls[0].id, 0), tools, locale);
    if (next) return { text: next.text, toolCalls: next.call ? [next.call] : [] };
  }
  const toolInfos: DemoToolInfo[] = calls.map((c) => ({ name: c.name, parameters: { properties: {} } }));
  const steps = planSteps(tasks, toolInfos);
  const planned = steps.filter((s) => s.call).length;
  if (planned !== calls.length) {
    const parts = calls.map((c, idx) =>
      answerWithToolResult(tasks.join("; "), c.name, c.args, resultFor(c.id, idx), locale),
    );
    return { text: withNote(parts.join("\n\n"), locale), toolCalls: [] };
  }
  // Use the real call args (e.g. the exact expression sent), matched in order.
  let k = 0;
  for (const s of steps) if (s.call) s.call = { name: calls[k].name, args: calls[k++].args };
  return {
    text: withNote(
      renderSteps(
        steps,
        calls.map((c, idx) => resultFor(c.id, idx)),
        locale,
      ),
      locale,
    ),
    toolCalls: [],
  };
}

function withNote(text: string, locale: Locale): string {
  // A text that quotes another demo answer (a waited-for task's result) has its note already.
  if (ALL_DEMO_NOTES.some((note) => text.trimEnd().endsWith(note))) return text;
  return `${text}\n\n${demoNote(locale)}`;
}

function argName(tool: DemoToolInfo): string {
  const props = Object.keys(tool.parameters?.properties ?? {});
  return ["expression", "input", "query", "expr"].find((p) => props.includes(p)) ?? props[0] ?? "expression";
}

function clockArgs(tool: DemoToolInfo): Record<string, unknown> {
  const required = tool.parameters?.required ?? [];
  const args: Record<string, unknown> = {};
  for (const name of required) if (/zone|tz/i.test(name)) args[name] = "UTC";
  return args;
}

/** Text of the latest human message (the task, for an isolated child). */
export function latestHumanText(messages: BaseMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (HumanMessage.isInstance(messages[i]) && !isSteer(messages[i]))
      return readFileBlocks(messageText(messages[i])).text;
  }
  return "";
}
