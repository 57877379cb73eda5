import type { MessageTree } from "@/lib/agents/trace";

/** A message as the browser holds it (dates as ISO strings). */
export interface ChatMessage {
  id: string;
  parentId: string | null;
  role: "USER" | "ASSISTANT";
  content: string;
  parts: MessageTree | null;
  status: "STREAMING" | "COMPLETE" | "STOPPED" | "FAILED" | "INTERRUPTED";
  error: { code: string; message: string } | null;
  usage: {
    inputTokens: number;
    outputTokens: number;
    subagentInputTokens: number;
    subagentOutputTokens: number;
  } | null;
  agentId: string | null;
  createdAt: string;
}

export interface ChatAgent {
  id: string;
  name: string;
  description: string;
  subagentsEnabled: boolean;
  childCount: number;
  model: string;
  isDemo: boolean;
  owned: boolean;
}

export interface ApiError {
  code: string;
  message: string;
  retryAfter?: number;
}
