export type AgentErrorCode =
  | "limit:subagent_depth"
  | "limit:subagent_run_configs"
  | "limit:subagents_per_agent"
  | "limit:recursion"
  | "bad_request:agent"
  | "not_found:agent"
  | "stopped:run"
  | "failed:run";

/**
 * What a refusal says to the user, as a catalog key (under `errors.`) and its values. The engine
 * knows no languages: the app writes the sentence at its boundary (lib/http/error-body.ts).
 */
export interface EngineErrorText {
  key: string;
  values: Record<string, string | number>;
}

/**
 * Base class of the engine's typed errors; `code` is what callers and tests match on, `message`
 * is for logs, `text` (refusals a user sees) for the app to translate.
 */
export class AgentEngineError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;
  readonly text?: EngineErrorText;
  constructor(code: string, message: string, details?: Record<string, unknown>, text?: EngineErrorText) {
    super(message);
    this.name = "AgentEngineError";
    this.code = code;
    this.details = details;
    this.text = text;
  }
}

export class SubagentDepthError extends AgentEngineError {
  constructor(
    message: string,
    details: { agentId: string; parentId: string; depth: number; maxDepth: number },
    text?: EngineErrorText,
  ) {
    super("limit:subagent_depth", message, details, text);
    this.name = "SubagentDepthError";
  }
}

export class SubagentRunConfigsError extends AgentEngineError {
  constructor(
    message: string,
    details: { count: number; max: number; rootAgentIds: string[] },
    text?: EngineErrorText,
  ) {
    super("limit:subagent_run_configs", message, details, text);
    this.name = "SubagentRunConfigsError";
  }
}

/** The error's code when it carries one (any typed error, also from hooks), else undefined. */
export function errorCode(err: unknown): string | undefined {
  if (
    err &&
    typeof err === "object" &&
    "code" in err &&
    typeof (err as { code: unknown }).code === "string"
  ) {
    return (err as { code: string }).code;
  }
  return undefined;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === "string" ? err : "Unknown error";
}
