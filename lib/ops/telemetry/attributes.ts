// Span attribute names. The gen_ai.* ones follow OpenTelemetry's GenAI semantic conventions, which
// are still incubating (their constants are not in the stable export, so they are named here, as
// the semantic-conventions package advises); delegate.* are this app's own.
export const GEN_AI = {
  operation: "gen_ai.operation.name",
  provider: "gen_ai.provider.name",
  model: "gen_ai.request.model",
  agentId: "gen_ai.agent.id",
  agentName: "gen_ai.agent.name",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  // Not (yet) in the conventions; named the way the usage attributes are.
  cost: "gen_ai.usage.cost",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
} as const;

export const APP = {
  runId: "delegate.run.id",
  runStatus: "delegate.run.status",
  resumed: "delegate.run.resumed",
  graphType: "delegate.graph_type",
  spanId: "delegate.span.id",
  depth: "delegate.depth",
  subagentMode: "delegate.subagent.mode",
  subagentType: "delegate.subagent.type",
  toolSource: "delegate.tool.source",
  modelCallEnded: "delegate.model_call.ended_by",
  costCurrency: "delegate.cost.currency",
  /** true on a model call whose model has no price (gen_ai.usage.cost is then absent). */
  costUnknown: "delegate.cost.unknown",
} as const;
