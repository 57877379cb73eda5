/**
 * The quota settings an admin can change: names, ranges, defaults and validation. No server code,
 * so the admin forms show the same ranges the server enforces.
 */
import { z } from "zod";

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
});

export type QuotaGroup = "delegation" | "balances" | "rates" | "files" | "budgets";

export interface NumberField {
  key: NumberKey;
  group: QuotaGroup;
  label: string;
  help: string;
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
    label: "Max subagent depth",
    help: "How deep delegation may nest (root agent = 0).",
    min: 1,
    max: 10,
  },
  {
    key: "maxSubagentRunConfigs",
    group: "delegation",
    label: "Max subagent configs per run",
    help: "Subagent entries one run may expand, at every level together.",
    min: 1,
    max: 500,
  },
  {
    key: "maxSubagentsPerAgent",
    group: "delegation",
    label: "Max subagents per agent",
    help: "Explicit children one agent may list.",
    min: 1,
    max: 50,
  },
  {
    key: "recursionLimit",
    group: "delegation",
    label: "Recursion limit",
    help: "Graph steps of a root agent; each subagent gets floor(limit / 3) turns.",
    min: 10,
    max: 200,
  },
  {
    key: "maxParallelSubagents",
    group: "delegation",
    label: "Parallel subagents per turn",
    help: "Subagent calls of one model turn that run at the same time.",
    min: 1,
    max: 20,
  },
  {
    key: "startBalance",
    group: "balances",
    label: "Start balance (tokens)",
    help: "Tokens a user has when their balance is first created.",
    min: 0,
    max: 1_000_000_000,
  },
  {
    key: "refillAmount",
    group: "balances",
    label: "Refill amount (tokens)",
    help: "Tokens added each interval; 0 turns refills off.",
    min: 0,
    max: 1_000_000_000,
  },
  {
    key: "refillIntervalSeconds",
    group: "balances",
    label: "Refill interval (seconds)",
    help: "Time between refills (86400 = one day).",
    min: 60,
    max: 31_536_000,
  },
  {
    key: "messagesPerWindow",
    group: "rates",
    label: "Messages per window",
    help: "Answers a user may start per window; 0 = no limit.",
    min: 0,
    max: 10_000,
  },
  {
    key: "windowSeconds",
    group: "rates",
    label: "Window (seconds)",
    help: "Length of the rate-limit window.",
    min: 1,
    max: 86_400,
  },
  {
    key: "maxConcurrentRuns",
    group: "rates",
    label: "Concurrent runs per user",
    help: "Answers of one user that may run at the same time.",
    min: 1,
    max: 20,
  },
  {
    key: "maxFileMegabytes",
    group: "files",
    label: "Max file size (MB)",
    help: "Largest file a user may attach to a message.",
    min: 1,
    max: 1024,
  },
  {
    key: "maxFilesPerMessage",
    group: "files",
    label: "Files per message",
    help: "Files one message may carry; 0 turns attaching off.",
    min: 0,
    max: 50,
  },
  {
    key: "fileStorageMegabytes",
    group: "files",
    label: "Storage per user (MB)",
    help: "Attachments a user may keep; deleting conversations frees room.",
    min: 0,
    max: 1_000_000,
  },
  {
    key: "dailyBudget",
    group: "budgets",
    label: "Budget per day",
    help: "Money a user may spend per day (UTC); 0 = no budget.",
    min: 0,
    max: 1_000_000,
    money: true,
  },
  {
    key: "monthlyBudget",
    group: "budgets",
    label: "Budget per month",
    help: "Money a user may spend per calendar month (UTC); 0 = no budget.",
    min: 0,
    max: 1_000_000,
    money: true,
  },
  {
    key: "answerBudget",
    group: "budgets",
    label: "Budget per answer",
    help: "Money one answer may spend, subagents included; 0 = no cap. Users may set a lower one.",
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
  const number = z.number({ error: `${f.label} must be a number.` });
  const shaped = f.money
    ? number.refine(isMoneyAmount, { error: `${f.label} may have at most ${MONEY_DECIMALS} decimals.` })
    : number.int({ error: `${f.label} must be a whole number.` });
  return z.preprocess(
    toNumber,
    shaped.refine((v) => v >= f.min && v <= f.max, {
      error: `${f.label} must be between ${f.min} and ${f.max}.`,
      abort: true,
    }),
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

/** zod issues → { field: message } for forms and API answers. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (issue.code === "unrecognized_keys") {
      out.form = `Unknown setting: ${issue.keys.join(", ")}.`;
      continue;
    }
    out[key] ??= issue.message;
  }
  return out;
}
