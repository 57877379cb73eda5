/**
 * The notes server's tools: their names, descriptions, argument schemas and annotations, in one
 * place for both the MCP server that serves them and the tool list shown before its first refresh.
 */
import { z } from "zod";
import { toolParameters } from "../tool-info";
import type { McpToolAnnotations, McpToolInfo } from "../types";

export const MAX_NOTES_PER_USER = 1000;

const id = z.string().min(1).max(64).describe("The note's id, as list_notes shows it.");

export const NOTE_TOOLS = {
  save_note: {
    description: "Save a new private note for the user. Returns the new note's id.",
    shape: {
      title: z.string().trim().min(1).max(200).describe("A short title."),
      content: z.string().min(1).max(20_000).describe("The note's text."),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  list_notes: {
    description:
      "List the user's notes (id, title, last change), newest first, optionally only those matching a text.",
    shape: {
      query: z.string().max(200).optional().describe("Only notes whose title or text contains this."),
      limit: z.number().int().min(1).max(100).optional().describe("At most this many (default 50)."),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  read_note: {
    description: "Read one of the user's notes in full.",
    shape: { id },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  delete_note: {
    description: "Delete one of the user's notes for good.",
    shape: { id },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
} satisfies Record<string, { description: string; shape: z.ZodRawShape; annotations: McpToolAnnotations }>;

export type NoteToolName = keyof typeof NOTE_TOOLS;

/** The tools as tools/list describes them, for the catalog before the server was ever asked. */
let infos: McpToolInfo[] | undefined;

/**
 * The notes tools as the app lists them: built once per process (converting the schemas to JSON
 * Schema cost ~0.5 ms, and every send that may use the notes asks). Callers get copies.
 */
export function noteToolInfos(): McpToolInfo[] {
  infos ??= Object.entries(NOTE_TOOLS).map(([name, t]) => ({
    name,
    description: t.description,
    inputSchema: toolParameters(z.toJSONSchema(z.object(t.shape)) as Record<string, unknown>),
    annotations: t.annotations,
  }));
  return structuredClone(infos);
}
