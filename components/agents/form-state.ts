import { AGENT_CATEGORIES } from "@/lib/builder/categories";
import type { AgentDetail } from "@/lib/db/agents";
import type { FormState } from "./types";

/** A new agent's form: subagents off, self-spawn ready for when they are turned on. */
export function emptyForm(model: { provider: string; model: string }): FormState {
  return {
    name: "",
    description: "",
    category: "general",
    instructions: "",
    provider: model.provider,
    model: model.model,
    parameters: {},
    tools: [],
    askTools: [],
    visibility: "private",
    shareEmails: [],
    subagents: { enabled: false, allowSelf: true, selfMode: "isolated", children: [] },
    summarization: null,
    handoffs: [],
  };
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** The form's state for a saved agent (as `getAgent` returns it). */
export function formFromDraft(draft: AgentDetail["draft"]): FormState {
  const p = (draft.parameters ?? {}) as Record<string, unknown>;
  const sub = draft.subagents;
  return {
    name: draft.name,
    description: draft.description ?? "",
    category: AGENT_CATEGORIES.find((c) => c === draft.category) ?? "general",
    instructions: draft.instructions ?? "",
    provider: draft.provider,
    model: draft.model,
    parameters: {
      temperature: num(p.temperature),
      maxOutputTokens: num(p.maxOutputTokens),
      maxContextTokens: num(p.maxContextTokens),
    },
    tools: draft.tools ?? [],
    askTools: draft.askTools ?? [],
    visibility: draft.visibility ?? "private",
    shareEmails: draft.shareEmails ?? [],
    subagents: {
      enabled: sub?.enabled ?? false,
      allowSelf: sub?.allowSelf ?? true,
      selfMode: sub?.selfMode ?? "isolated",
      ...(num(sub?.selfBudget) !== undefined ? { selfBudget: num(sub?.selfBudget) } : {}),
      selfModel: sub?.selfModel ?? null,
      selfBackground: sub?.selfBackground ?? false,
      children: (sub?.children ?? []).map((c) => ({
        id: c.id,
        mode: c.mode ?? "isolated",
        background: c.background ?? false,
        ...(num(c.budget) !== undefined ? { budget: num(c.budget) } : {}),
      })),
    },
    summarization: (draft.summarization as FormState["summarization"]) ?? null,
    handoffs: (draft.handoffs ?? []).map((h) => ({ to: h.to, description: h.description ?? "" })),
  };
}

/** The same JSON with keys sorted at every level, so two equal forms give the same string. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** True when the two forms would save the same agent (what "unsaved changes" compares). */
export function sameForm(a: FormState, b: FormState): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
