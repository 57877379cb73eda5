/** An agent's category, for the gallery's filter (labels in the catalogs: agents.category.*). */
export const AGENT_CATEGORIES = [
  "general",
  "writing",
  "research",
  "coding",
  "data",
  "productivity",
  "other",
] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];
