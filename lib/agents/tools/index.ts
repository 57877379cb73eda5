import { z } from "zod";
import type { RegistryTool } from "../types";
import { askUserTool } from "./ask-user";
import { calculatorTool } from "./calculator";
import { currentTimeTool } from "./current-time";
import type { BuiltinTool } from "./types";
import { writeTodosTool } from "./write-todos";

export { ASK_USER_TOOL_NAME, type AskUserArgs, parseQuestion } from "./ask-user";
export { evaluateExpression } from "./calculator";
export type { BuiltinTool } from "./types";
export { parseTodos, type TodoItem, type TodoStatus, WRITE_TODOS_TOOL_NAME } from "./write-todos";

/** Built-in tools by name; agents reference them by these names. */
// biome-ignore lint/suspicious/noExplicitAny: each tool has its own argument type
export const BUILTIN_TOOLS: Readonly<Record<string, BuiltinTool<any>>> = Object.freeze({
  ask_user: askUserTool,
  calculator: calculatorTool,
  current_time: currentTimeTool,
  write_todos: writeTodosTool,
});

/** `{ name, description }` of every built-in tool, for the agent builder. */
export function listBuiltinTools(): { name: string; description: string }[] {
  return Object.values(BUILTIN_TOOLS).map(({ name, description }) => ({ name, description }));
}

const registryCache = new Map<string, RegistryTool>();

/** The registry entry of a built-in tool (JSON Schema computed once). */
export function builtinRegistryTool(name: string): RegistryTool | undefined {
  const cached = registryCache.get(name);
  if (cached) return cached;
  const def = Object.hasOwn(BUILTIN_TOOLS, name) ? BUILTIN_TOOLS[name] : undefined;
  if (!def) return undefined;
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(def.schema) as Record<string, unknown>;
  const entry: RegistryTool = {
    name: def.name,
    description: def.description,
    parameters,
    parse: (args) => def.schema.parse(args),
    execute: (args, ctx) => def.execute(args, ctx),
  };
  registryCache.set(name, entry);
  return entry;
}
