/**
 * The agent engine: no Next.js, no database. Runs in a route, a script, a test or a benchmark.
 * `createRun` is the single entry point; `events.ts` and `trace.ts` are shared with the chat UI.
 */
export * from "./approval";
export * from "./background";
export { toMicros } from "./budget";
export * from "./cost";
export {
  AgentEngineError,
  type EngineErrorText,
  errorCode,
  type RunError,
  SubagentDepthError,
  SubagentRunConfigsError,
} from "./errors";
export * from "./events";
export { emptySnapshot, type RunSnapshot } from "./graph/journal";
export { buildChildMessages, FORK_PREAMBLE } from "./graph/subagent";
export { SUBAGENT_TOOL_NAME, subagentToolDef, transferToolName } from "./graph/tool-defs";
export {
  buildAgentInput,
  computeEffectiveMaxContextTokens,
  protocolOf,
  shapeSummarizationConfig,
} from "./input";
export { childMaxTurns, DEFAULT_LIMITS, type Limits, resolveLimits } from "./limits";
export { toBaseMessages } from "./messages";
export { AgentRun, chooseGraphType, createRun, type RunResult } from "./run";
export { MAX_STEER_CHARS, SteeringInbox } from "./steering";
export {
  buildSubagentConfigs,
  type ExpansionState,
  type OverDepthEntry,
  selfSpawnDescription,
  type ToInput,
} from "./subagents/expand";
export { ASK_USER_TOOL_NAME, BUILTIN_TOOLS, evaluateExpression, listBuiltinTools } from "./tools";
export * from "./trace";
export type * from "./types";
