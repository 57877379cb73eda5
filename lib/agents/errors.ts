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
 * How a run ended in error: its code (stable, what the app words), its message (English, for
 * logs and for stored answers of older versions) and, when the error was a refusal with a catalog
 * message (the engine's own limits, the app's AppErrors thrown from hooks), that message, so the
 * answer can be worded in the reader's language whenever it is shown.
 */
export interface RunError {
  code: string;
  message: string;
  text?: { key: string; values?: Record<string, unknown> };
}

/** The catalog message an error carries (`text`: an engine refusal's, an AppError's), if any. */
export function errorText(err: unknown): RunError["text"] {
  const t = err && typeof err === "object" ? (err as { text?: unknown }).text : undefined;
  if (!t || typeof t !== "object" || typeof (t as { key?: unknown }).key !== "string") return undefined;
  const { key, values } = t as { key: string; values?: Record<string, unknown> };
  return values ? { key, values } : { key };
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
