/**
 * An MCP tool in the engine's RegistryTool shape (lib/agents/types.ts): a model-facing name, the
 * server's JSON Schema, and an execute that returns the result as text or throws McpToolError —
 * which the engine turns into tool error text for the model, so the run goes on.
 */
import type { RegistryTool } from "@/lib/agents/types";
import { type McpSettings, mcpSettings } from "./config";
import { isMcpToolError, McpToolError } from "./errors";
import { signUser, USER_META_KEY } from "./identity";
import { modelToolName } from "./names";
import { getMcpPool, type McpPool } from "./pool";
import { redact, secretValues } from "./redact";
import { renderToolResult } from "./render";
import { plainSchemaWording } from "./schema-wording";
import { toolParameters } from "./tool-info";
import type { McpServerConfig, McpToolAnnotations, McpToolInfo } from "./types";

// Providers cap function descriptions (OpenAI: 1024 characters).
const MAX_DESCRIPTION = 1024;

export interface McpRegistryToolOptions {
  pool?: McpPool;
  /** The end user of the run (built-in servers with per-user data need it). */
  userId?: string;
  settings?: McpSettings;
  /** Told how each call went: null = the server answered, else why it failed. */
  onOutcome?: (failure: McpToolError | null) => void;
}

export function mcpRegistryTool(
  server: McpServerConfig,
  tool: McpToolInfo,
  options: McpRegistryToolOptions = {},
): RegistryTool {
  const pool = options.pool ?? getMcpPool();
  const settings = options.settings ?? mcpSettings();
  const secrets = secretValues(server);
  const description = (tool.description || tool.title || tool.name).slice(0, MAX_DESCRIPTION);
  return {
    name: modelToolName(server.slug, tool.name),
    description,
    parameters: toolParameters(tool.inputSchema),
    source: server.name,
    execute: async (args, { signal }) => {
      let meta: Record<string, unknown> | undefined;
      if (server.identity === "signed-user") {
        if (!options.userId) throw new McpToolError("config", `Tool "${tool.name}" needs a signed-in user.`);
        meta = { [USER_META_KEY]: signUser({ userId: options.userId, audience: server.id }) };
      }
      const result = await pool
        .callTool(server, {
          tool: tool.name,
          args: (args ?? {}) as Record<string, unknown>,
          meta,
          signal,
          timeoutMs: settings.callTimeoutMs,
          repeatable: Boolean(tool.annotations?.readOnlyHint || tool.annotations?.idempotentHint),
        })
        .catch((err: unknown) => {
          if (isMcpToolError(err)) options.onOutcome?.(err);
          throw err;
        });
      options.onOutcome?.(null);
      const { text, structuredAt } = renderToolResult(result, settings.maxResultChars);
      const safe = redact(text, secrets);
      if (result.isError) {
        throw new McpToolError("tool", `Tool "${tool.name}" reported an error: ${plainSchemaWording(safe)}`);
      }
      if (structuredAt === undefined) return safe;
      // Masked on each side of the structured content alike, it begins where the masked text says.
      const before = redact(text.slice(0, structuredAt), secrets);
      return before + redact(text.slice(structuredAt), secrets) === safe
        ? { text: safe, structuredAt: before.length }
        : safe;
    },
  };
}

/**
 * Whether "Ask before running" starts on for a tool: when its annotations say it is destructive
 * (and not read-only) or reaches an open world. Hints a server leaves out are not assumed (the
 * spec's defaults would make every partially annotated tool ask); no annotations = off.
 */
export function asksBeforeRunningByDefault(annotations: McpToolAnnotations | undefined): boolean {
  if (!annotations) return false;
  const destructive = annotations.destructiveHint === true && annotations.readOnlyHint !== true;
  return destructive || annotations.openWorldHint === true;
}
