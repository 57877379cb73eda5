import { z } from "zod";
import { AGENT_CATEGORIES } from "@/lib/builder/categories";

// The team file: one agent and its whole subagent tree as YAML, for moving teams between servers
// and keeping them in git. Agents refer to each other by `key` (unique in the file); endpoints by
// their NAME and MCP tools by server name + tool name, since ids differ from server to server.
// The form's rules (lengths, numbers, budgets) stay in lib/builder/schema.ts and are applied to
// every agent on import; this schema only says what shape the file has. Its JSON Schema is
// published at TEAM_SCHEMA_URL (public/schemas/team-v1.json, checked by file-schema.test.ts).

export const TEAM_SCHEMA_VERSION = 1;
export const TEAM_SCHEMA_PATH = "/schemas/team-v1.json";
/** Largest team file accepted (the YAML text). */
export const MAX_TEAM_FILE_BYTES = 512 * 1024;
/** Most agents one file may hold. */
export const MAX_TEAM_AGENTS = 200;

const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "lower-case letters, digits and dashes, at most 64")
  .describe("The agent's key in this file; other agents refer to it by this key.");
const mode = z.enum(["isolated", "fork"]).describe("isolated: a fresh context; fork: the parent's context.");
const budget = z.number().positive().describe("Money one delegation may spend, in the server's currency.");

const tool = z
  .union([
    z.object({ builtin: z.string().min(1).max(200), ask: z.boolean().optional() }).strict(),
    z
      .object({
        server: z.string().min(1).max(200).describe("The MCP server's name."),
        tool: z.string().min(1).max(200).describe("The tool's name on that server."),
        ask: z.boolean().optional(),
      })
      .strict(),
  ])
  .describe("A built-in tool, or an MCP tool by server name and tool name; ask: wait for approval.");

const teamAgent = z
  .object({
    key,
    id: z
      .string()
      .max(100)
      .optional()
      .describe(
        "The agent this entry was exported from; an import may update it (when the importer owns it).",
      ),
    name: z.string(),
    category: z.enum(AGENT_CATEGORIES).optional(),
    description: z.string().optional(),
    instructions: z.string().optional(),
    endpoint: z.string().min(1).describe("The endpoint's name on the server."),
    model: z.string().min(1),
    parameters: z
      .object({
        temperature: z.number().optional(),
        maxOutputTokens: z.number().int().optional(),
        maxContextTokens: z.number().int().optional(),
      })
      .strict()
      .optional(),
    tools: z.array(tool).max(100).optional(),
    subagents: z
      .object({
        enabled: z.boolean(),
        self: z
          .object({
            allowed: z.boolean(),
            mode: mode.optional(),
            budget: budget.optional(),
            endpoint: z.string().min(1).optional().describe("The endpoint a self-spawned copy runs on."),
            model: z.string().min(1).optional(),
            background: z.boolean().optional(),
          })
          .strict(),
        children: z
          .array(
            z
              .object({
                agent: key,
                mode: mode.optional(),
                budget: budget.optional(),
                background: z.boolean().optional(),
              })
              .strict(),
          )
          .max(100)
          .optional(),
      })
      .strict()
      .optional(),
    summarization: z
      .object({
        endpoint: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
        trigger: z
          .object({ type: z.enum(["tokens", "messages"]), value: z.number().int().positive() })
          .strict(),
        reserveRatio: z.number().optional(),
      })
      .strict()
      .optional(),
    handoffs: z
      .array(z.object({ agent: key, description: z.string().optional() }).strict())
      .max(100)
      .optional(),
  })
  .strict();

export const teamFileSchema = z
  .object({
    $schema: z.string().optional(),
    schemaVersion: z.literal(TEAM_SCHEMA_VERSION),
    root: key.describe("The key of the agent the team is about (the one a chat talks to)."),
    agents: z.array(teamAgent).min(1).max(MAX_TEAM_AGENTS),
  })
  .strict()
  .meta({ title: "Delegate team file", description: "An agent and its subagent tree." });

export type TeamFile = z.output<typeof teamFileSchema>;
export type TeamAgent = TeamFile["agents"][number];
export type TeamTool = NonNullable<TeamAgent["tools"]>[number];

/** The published JSON Schema of the team file. */
export function teamJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(teamFileSchema, { target: "draft-2020-12" }) as Record<string, unknown>;
}
