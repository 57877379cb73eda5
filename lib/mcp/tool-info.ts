import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpToolInfo } from "./types";

/** The parts of a tools/list entry we keep (and cache in the database). */
export function toToolInfo(t: Tool): McpToolInfo {
  return {
    name: t.name,
    ...(t.title ? { title: t.title } : {}),
    description: t.description ?? "",
    inputSchema: t.inputSchema as Record<string, unknown>,
    ...(t.annotations ? { annotations: { ...t.annotations } } : {}),
  };
}

/** The arguments schema as providers accept it: an object schema with `properties`, no `$schema`. */
export function toolParameters(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = inputSchema;
  return { ...rest, type: "object", properties: (rest.properties as object | undefined) ?? {} };
}
