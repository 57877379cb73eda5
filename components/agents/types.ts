import type { ActionResult } from "@/lib/action-result";
import type { AgentCategory } from "@/lib/builder/categories";
import type { TreeVerdict } from "@/lib/builder/draft-tree";
import type { ShareCheck } from "@/lib/builder/share-check";
import type { ToolGroup } from "@/lib/builder/tools";

/** The form's whole state (what is sent to the save and preview actions; parsed by agentDraftSchema). */
export interface FormState {
  name: string;
  description: string;
  category: AgentCategory;
  instructions: string;
  provider: string;
  model: string;
  parameters: { temperature?: number; maxOutputTokens?: number; maxContextTokens?: number };
  tools: string[];
  /** Of `tools`, those that ask before running. */
  askTools: string[];
  visibility: "private" | "shared" | "public";
  shareEmails: string[];
  subagents: {
    enabled: boolean;
    allowSelf: boolean;
    selfMode: "isolated" | "fork";
    /** Money one delegation may spend (absent = no entry budget). */
    selfBudget?: number;
    /** The endpoint and model a self-spawned copy runs on; null = this agent's own. */
    selfModel?: { provider: string; model: string } | null;
    /** The self-spawn entry may run in the background. */
    selfBackground?: boolean;
    children: { id: string; mode: "isolated" | "fork"; budget?: number; background?: boolean }[];
  };
  summarization: {
    provider?: string;
    model?: string;
    trigger: { type: "tokens" | "messages"; value: number };
    reserveRatio?: number;
  } | null;
  handoffs: { to: string; description: string }[];
}

/** The server actions behind "Share with": the as-you-type check, and an admin's invite link. */
export interface ShareActions {
  check: (input: { emails: string[] }) => Promise<ActionResult<ShareCheck>>;
  invite: (form: FormData) => Promise<ActionResult<{ code: string; expiresAt: string }>>;
}

export type Patch = (patch: Partial<FormState>) => void;
export type Errors = Record<string, string>;

/** An agent the user may pick as a subagent or handoff target. */
export interface AgentOption {
  id: string;
  name: string;
  description: string;
  ownerName: string;
  isOwner: boolean;
  /** Its own tools (a child gets only these). */
  tools: string[];
}

interface ModelChoiceOption {
  id: string;
  name: string;
  models: string[];
}

export interface FormOptions {
  models: ModelChoiceOption[];
  agents: AgentOption[];
  /** Built-in tools, then each MCP server open to the user. */
  toolGroups: ToolGroup[];
  maxSubagentsPerAgent: number;
}

/** Server actions the form calls (passed in by the page, so components stay free of app/ imports). */
export type PreviewAction = (input: {
  id?: string;
  draft: unknown;
}) => Promise<ActionResult<{ preview: TreeVerdict }>>;
export type SaveAction = (input: {
  id?: string;
  draft: unknown;
}) => Promise<ActionResult<{ id: string; version: number }>>;
export type RestoreAction = (input: {
  id: string;
  version: number;
}) => Promise<ActionResult<{ version: number }>>;
