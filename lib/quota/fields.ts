/**
 * The quota settings an admin can change: names, ranges, defaults and validation. No server code,
 * so the admin forms show the same ranges the server enforces. Labels, help and messages are the
 * catalogs' (admin.quota.fields.*, errors.field.*).
 */
import { z } from "zod";
import type { FieldText } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";

export interface QuotaValues {
  /** Deepest level a subagent may run at (root = 0). */
  maxSubagentDepth: number;
  /** Subagent entries (self or explicit, any level) one run may expand. */
  maxSubagentRunConfigs: number;
  /** Explicit children one agent may list. */
  maxSubagentsPerAgent: number;
  /** LangGraph recursion limit of a root agent; children get floor(limit / 3) turns. */
  recursionLimit: number;
  /** Subagent calls of one model turn that run at the same time. */
  maxParallelSubagents: number;
  /** Off = token balances are neither checked nor charged. */
  balanceEnabled: boolean;
  /** Tokens a new balance starts with. */
  startBalance: number;
  /** Tokens added once refillIntervalSeconds have passed since the last refill (0 = never). */
  refillAmount: number;
  refillIntervalSeconds: number;
  /** Runs a user may start per window (0 = no limit). */
  messagesPerWindow: number;
  windowSeconds: number;
  /** Runs of one user that may be RUNNING at the same time. */
  maxConcurrentRuns: number;
  /** Largest file a user may attach, in megabytes. */
  maxFileMegabytes: number;
  /** Files one message may carry (0 = attaching is off). */
  maxFilesPerMessage: number;
  /** Megabytes of attachments a user may keep (each attachment counts). */
  fileStorageMegabytes: number;
  /** Money a user may spend per UTC day / calendar month (UTC), in the installation's currency; 0 = no budget. */
  dailyBudget: number;
  monthlyBudget: number;
  /** Money one answer may spend (every model call of its tree); 0 = no cap. A user may set less. */
  answerBudget: number;
  /** Background subagent tasks of one user that may be queued or running at once. */
  maxBackgroundTasks: number;
  /** Minutes one background task may run before it is stopped as failed. */
  backgroundTaskMinutes: number;
  /** An agent with more tools than this beyond the built-in ones searches them (`search_tools`); 0 = off. */
  toolSearchThreshold: number;
}

export type QuotaKey = keyof QuotaValues;
export type NumberKey = Exclude<QuotaKey, "balanceEnabled">;

export const QUOTA_DEFAULTS: Readonly<QuotaValues> = Object.freeze({
  maxSubagentDepth: 5,
  maxSubagentRunConfigs: 100,
  maxSubagentsPerAgent: 10,
  recursionLimit: 50,
  maxParallelSubagents: 4,
  balanceEnabled: false,
  startBalance: 100_000,
  refillAmount: 0,
  refillIntervalSeconds: 86_400,
  messagesPerWindow: 40,
  windowSeconds: 60,
  maxConcurrentRuns: 2,
  maxFileMegabytes: 10,
  maxFilesPerMessage: 5,
  fileStorageMegabytes: 200,
  dailyBudget: 0,
  monthlyBudget: 0,
  answerBudget: 0,
  maxBackgroundTasks: 3,
  backgroundTaskMinutes: 30,
  toolSearchThreshold: 40,
});

export type QuotaGroup = "delegation" | "balances" | "rates" | "files" | "budgets" | "tasks" | "tools";

/** A number setting; its label and help are the catalog's (admin.quota.fields.<key>). */
export interface NumberField {
  key: NumberKey;
  group: QuotaGroup;
  min: number;
  max: number;
  /** An amount of money: up to MONEY_DECIMALS decimals instead of a whole number. */
  money?: true;
}

/** Decimals a money setting may have: budgets are compared in these micro-units (lib/quota/money.ts). */
export const MONEY_DECIMALS = 6;

export const NUMBER_FIELDS: readonly NumberField[] = [
  {
    key: "maxSubagentDepth",
    group: "delegation",
    min: 1,
    max: 10,
  },
  {
    key: "maxSubagentRunConfigs",
    group: "delegation",
    min: 1,
    max: 500,
  },
  {
    key: "maxSubagentsPerAgent",
    group: "delegation",
    min: 1,
    max: 50,
  },
  {
    key: "recursionLimit",
    group: "delegation",
    min: 10,
    max: 200,
  },
  {
    key: "maxParallelSubagents",
    group: "delegation",
    min: 1,
    max: 20,
  },
  {
    key: "maxBackgroundTasks",
    group: "tasks",
    min: 0,
    max: 100,
  },
  {
    key: "backgroundTaskMinutes",
    group: "tasks",
    min: 1,
    max: 1440,
  },
  {
    key: "toolSearchThreshold",
    group: "tools",
    min: 0,
    max: 1000,
  },
  {
    key: "startBalance",
    group: "balances",
    min: 0,
    max: 1_000_000_000,
  },
  {
    key: "refillAmount",
    group: "balances",
    min: 0,
    max: 1_000_000_000,
  },
  {
    key: "refillIntervalSeconds",
    group: "balances",
    min: 60,
    max: 31_536_000,
  },
  {
    key: "messagesPerWindow",
    group: "rates",
    min: 0,
    max: 10_000,
  },
  {
    key: "windowSeconds",
    group: "rates",
    min: 1,
    max: 86_400,
  },
  {
    key: "maxConcurrentRuns",
    group: "rates",
    min: 1,
    max: 20,
  },
  {
    key: "maxFileMegabytes",
    group: "files",
    min: 1,
    max: 1024,
  },
  {
    key: "maxFilesPerMessage",
    group: "files",
    min: 0,
    max: 50,
  },
  {
    key: "fileStorageMegabytes",
    group: "files",
    min: 0,
    max: 1_000_000,
  },
  {
    key: "dailyBudget",
    group: "budgets",
    min: 0,
    max: 1_000_000,
    money: true,
  },
  {
    key: "monthlyBudget",
    group: "budgets",
    min: 0,
    max: 1_000_000,
    money: true,
  },
  {
    key: "answerBudget",
    group: "budgets",
    min: 0,
    max: 1_000_000,
    money: true,
  },
];

export const QUOTA_KEYS: readonly QuotaKey[] = [...NUMBER_FIELDS.map((f) => f.key), "balanceEnabled"];

/** Turns in a subagent for a recursion limit (same rule as the engine's childMaxTurns). */
export function childTurnsFor(recursionLimit: number): number {
  return Math.max(1, Math.floor(recursionLimit / 3));
}

// Numbers, or strings of digits from forms; "" and anything else is "not a number" (never 0).
function toNumber(v: unknown): unknown {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

/** True when `v` has at most MONEY_DECIMALS decimals (so it converts to micro-units exactly). */
export function isMoneyAmount(v: number): boolean {
  const micros = v * 10 ** MONEY_DECIMALS;
  return Math.abs(micros - Math.round(micros)) < 1e-6;
}

function numberSchema(f: NumberField) {
  const number = z.number({ error: "field.number" });
  const shaped = f.money
    ? number.refine(isMoneyAmount, { error: "field.money_decimals" })
    : number.int({ error: "field.whole_number" });
  return z.preprocess(
    toNumber,
    shaped.refine((v) => v >= f.min && v <= f.max, { error: "field.number_range", abort: true }),
  );
}

const booleanSchema = z.union([
  z.boolean(),
  z.enum(["true", "false", "on", "off"]).transform((v) => v === "true" || v === "on"),
]);

/** A partial update of the global settings: every given key must be valid, unknown keys are refused. */
export const settingsPatchSchema = z
  .object({
    ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, numberSchema(f).optional()])),
    balanceEnabled: booleanSchema.optional(),
  } as Record<NumberKey, z.ZodOptional<ReturnType<typeof numberSchema>>> & {
    balanceEnabled: z.ZodOptional<typeof booleanSchema>;
  })
  .strict();

export type SettingsPatch = Partial<QuotaValues>;

/** Per-user override: like a settings patch, but null clears an override (back to the global value). */
export const overridePatchSchema = z
  .object({
    ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, numberSchema(f).nullable().optional()])),
    balanceEnabled: booleanSchema.nullable().optional(),
  } as Record<NumberKey, z.ZodOptional<z.ZodNullable<ReturnType<typeof numberSchema>>>> & {
    balanceEnabled: z.ZodOptional<z.ZodNullable<typeof booleanSchema>>;
  })
  .strict();

export type OverridePatch = { [K in QuotaKey]?: QuotaValues[K] | null };

/**
 * zod issues → { field: catalog message } for forms and API answers (written in the request's
 * language at the boundary). A number's messages get its range; unknown keys are named on the form.
 */
export function fieldErrors(error: z.ZodError): Record<string, FieldText> {
  const unknown = error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : []));
  const known = new z.ZodError(error.issues.filter((i) => i.code !== "unrecognized_keys"));
  const range = (key: string) => {
    const f = NUMBER_FIELDS.find((n) => n.key === key);
    return f && { min: f.min, max: f.max, decimals: MONEY_DECIMALS };
  };
  const out = zodFieldErrors(known, range);
  if (unknown.length) out.form = { key: "field.unknown_settings", values: { keys: unknown } };
  return out;
}
