import { z } from "zod";
import type { FieldText } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";
import { AGENT_CATEGORIES } from "./categories";

// The agent form as the browser and the JSON API send it. Field-level messages are catalog keys
// (errors.field.*, written in the user's language at the boundary); error keys are the dotted path
// (`name`, `parameters.temperature`, `subagents`, ...), see `fieldErrors`.

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === "" || v === null || Number.isNaN(v) ? undefined : v), schema.optional());

const contextModeSchema = z.enum(["isolated", "fork"]);
const visibilitySchema = z.enum(["private", "shared", "public"]);

const parametersSchema = z.object({
  temperature: optionalNumber(z.number("field.number").min(0, "field.number_min").max(2, "field.number_max")),
  maxOutputTokens: optionalNumber(
    z
      .number("field.number")
      .int("field.whole_number")
      .min(1, "field.number_min")
      .max(1_000_000, "field.number_max"),
  ),
  maxContextTokens: optionalNumber(
    z
      .number("field.number")
      .int("field.whole_number")
      .min(1024, "field.number_min")
      .max(10_000_000, "field.number_max"),
  ),
});

/** Money one delegation to an entry may spend (the installation's currency); empty = no entry budget. */
const entryBudgetSchema = optionalNumber(
  z
    .number("Enter an amount.")
    .gt(0, "Use more than 0, or leave it empty.")
    .max(1_000_000, "Too large.")
    .refine((v) => Math.abs(v * 1e6 - Math.round(v * 1e6)) < 1e-6, "Use at most 6 decimals."),
);

/** The endpoint and model a self-spawned copy runs on; an empty model means the agent's own. */
const selfModelSchema = z.preprocess(
  (v) => (v && typeof v === "object" && !String((v as { model?: unknown }).model ?? "").trim() ? null : v),
  z
    .object({
      provider: z.string().trim().min(1, "Pick an endpoint."),
      model: z.string().trim().min(1, "Pick a model.").max(200),
    })
    .nullable()
    .optional(),
);

export const subagentsSchema = z.object({
  enabled: z.boolean().default(false),
  allowSelf: z.boolean().default(true),
  selfMode: contextModeSchema.default("isolated"),
  selfBudget: entryBudgetSchema,
  selfModel: selfModelSchema,
  /** The self-spawn entry may run in the background (the dispatch tool's run_in_background). */
  selfBackground: z.boolean().default(false),
  children: z
    .array(
      z.object({
        id: z.string().trim().min(1, "field.agent_unknown"),
        mode: contextModeSchema.default("isolated"),
        budget: entryBudgetSchema,
        background: z.boolean().default(false),
      }),
    )
    .default([])
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, "field.agent_twice"),
});

/** The engine's keys of the entries that may run in the background ('self' and child ids). */
export function backgroundEntries(
  self: boolean | undefined,
  children: readonly { id: string; background?: boolean }[],
): string[] {
  return [...(self ? ["self"] : []), ...children.filter((c) => c.background).map((c) => c.id)];
}

const summarizationSchema = z.object({
  provider: z.string().trim().max(200).optional(),
  model: z.string().trim().max(200).optional(),
  trigger: z.object({
    type: z.enum(["tokens", "messages"]),
    value: z.number("field.number").int("field.whole_number").min(1, "field.number_min"),
  }),
  reserveRatio: optionalNumber(z.number("field.number").gt(0, "field.ratio").lt(1, "field.ratio")),
});

const handoffSchema = z.object({
  to: z.string().trim().min(1, "field.pick_agent"),
  description: z.string().trim().max(500, "field.text_long").default(""),
});

export const agentDraftSchema = z.object({
  name: z.string().trim().min(1, "field.agent_name").max(80, "field.text_long"),
  description: z.string().trim().max(500, "field.text_long").default(""),
  category: z.enum(AGENT_CATEGORIES, "field.invalid").default("general"),
  instructions: z.string().max(20_000, "field.text_long").default(""),
  provider: z.string().trim().min(1, "field.pick_endpoint"),
  model: z.string().trim().min(1, "field.pick_model").max(200),
  parameters: parametersSchema.default({}),
  tools: z
    .array(z.string().max(200))
    .max(100, "field.tools_max")
    .default([])
    .refine((list) => new Set(list).size === list.length, "field.tool_twice"),
  // Of `tools`, those that wait for the chatting user's approval before each call.
  askTools: z
    .array(z.string().max(200))
    .max(100, "field.tools_max")
    .default([])
    .refine((list) => new Set(list).size === list.length, "field.tool_twice"),
  visibility: visibilitySchema.default("private"),
  shareEmails: z.array(z.string().trim().toLowerCase()).default([]),
  subagents: subagentsSchema.default({
    enabled: false,
    allowSelf: true,
    selfMode: "isolated",
    selfBackground: false,
    children: [],
  }),
  summarization: summarizationSchema.nullable().default(null),
  handoffs: z.array(handoffSchema).default([]),
});

/** The form's state before parsing (what the browser holds). */
export type AgentDraftInput = z.input<typeof agentDraftSchema>;
/** A parsed, normalised draft. */
type AgentDraft = z.output<typeof agentDraftSchema>;
/** A validated agent as it is stored, and as every version snapshot keeps it. */
export type AgentData = Omit<AgentDraft, "shareEmails"> & { shareUserIds: string[] };

/** First message per field, keyed by the dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, FieldText> {
  const out: Record<string, FieldText> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    // Problems inside a list entry are shown next to the list.
    const field = key.replace(/\.\d+(\..*)?$/, "");
    out[field] ??= issueText(issue);
  }
  return out;
}
