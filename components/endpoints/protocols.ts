/** How each wire protocol is named on the endpoint pages. */
export const PROTOCOL_LABELS: Record<string, string> = {
  openai: "OpenAI-compatible",
  anthropic: "Anthropic",
  google: "Google",
  demo: "Scripted demo",
};
