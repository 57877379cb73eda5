/**
 * The demo's plan the user can see: an agent with `write_todos` bound that splits a request
 * between subagents first writes the tasks as a checklist (the first one in progress), then
 * delegates them, then marks every item done before its final answer. Three `write_todos`
 * states, always in this order, so tests can watch the list change.
 */
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { Locale } from "../../i18n/locales";
import { demoT } from "./i18n";

export const WRITE_TODOS = "write_todos";

interface Todo {
  content: string;
  status: "pending" | "in_progress" | "done";
}

/** The first checklist of a request split into `tasks`. */
export function firstTodos(tasks: string[], locale: Locale) {
  const todos: Todo[] = tasks.map((content, i) => ({ content, status: i === 0 ? "in_progress" : "pending" }));
  return { text: demoT(locale)("demo.todos.plan"), toolCalls: [{ name: WRITE_TODOS, args: { todos } }] };
}

/** After the children answered: every item done. */
export function doneTodos(tasks: string[], locale: Locale) {
  const todos: Todo[] = tasks.map((content) => ({ content, status: "done" }));
  return { text: demoT(locale)("demo.todos.done"), toolCalls: [{ name: WRITE_TODOS, args: { todos } }] };
}

/** Whether the turn the trailing ToolMessages answer made only `write_todos` calls. */
export function answeredTodosOnly(ai: BaseMessage | undefined): boolean {
  const calls = ai && AIMessage.isInstance(ai) ? (ai.tool_calls ?? []) : [];
  return calls.length > 0 && calls.every((c) => c.name === WRITE_TODOS);
}

/** Whether the list a `write_todos` call wrote has every item done (the closing update). */
export function wroteAllDone(ai: BaseMessage | undefined): boolean {
  const call =
    ai && AIMessage.isInstance(ai) ? ai.tool_calls?.find((c) => c.name === WRITE_TODOS) : undefined;
  const todos = (call?.args?.todos ?? []) as Todo[];
  return todos.length > 0 && todos.every((t) => t.status === "done");
}

/** The subagent turn before a closing `write_todos` call: its AI message and the children's results. */
export function delegationBefore(messages: BaseMessage[], end: number): BaseMessage[] {
  for (let i = end; i >= 0; i--) {
    const m = messages[i];
    if (AIMessage.isInstance(m) && m.tool_calls?.some((c) => c.name === "subagent")) {
      let j = i + 1;
      while (j < messages.length && ToolMessage.isInstance(messages[j])) j++;
      return messages.slice(0, j);
    }
  }
  return messages.slice(0, end + 1);
}
