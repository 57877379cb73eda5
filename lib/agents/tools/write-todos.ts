import { z } from "zod";
import type { BuiltinTool } from "./types";

/** The planning checklist an agent keeps (the deepagents / Claude Code `write_todos` pattern). */
export const TODO_STATUSES = ["pending", "in_progress", "done"] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];
export interface TodoItem {
  content: string;
  status: TodoStatus;
}

export const WRITE_TODOS_TOOL_NAME = "write_todos";

// Bounded: the list comes from a model's tool call and is stored with the answer.
const MAX_TODOS = 50;
const MAX_TODO_CHARS = 500;

const schema = z.object({
  todos: z
    .array(
      z.object({
        content: z.string().trim().min(1).max(MAX_TODO_CHARS).describe("What to do, in a few words"),
        status: z.enum(TODO_STATUSES).describe("pending, in_progress or done"),
      }),
    )
    .max(MAX_TODOS)
    .describe("The whole checklist: each call replaces the previous one"),
});

/** What the model reads back: the list it now has, one line per item. */
function summary(todos: TodoItem[]): string {
  if (todos.length === 0) return "Todo list cleared.";
  return `Todo list updated:\n${todos.map((t, i) => `${i + 1}. [${t.status}] ${t.content}`).join("\n")}`;
}

/**
 * Replaces the agent's checklist. The engine announces the new list as a `todos` event (see
 * tools-node.ts), so the user sees the plan live in the agent's trace block.
 */
export const writeTodosTool: BuiltinTool<z.infer<typeof schema>> = {
  name: WRITE_TODOS_TOOL_NAME,
  description:
    "Keep a visible checklist of your plan: send the whole list each time (items pending, in_progress or done).",
  schema,
  execute: ({ todos }) => summary(todos),
};

/** The list a (validated) `write_todos` call sets. */
export function parseTodos(args: unknown): TodoItem[] {
  return schema.parse(args).todos;
}
