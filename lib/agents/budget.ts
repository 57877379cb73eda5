import type { BaseMessage } from "@langchain/core/messages";
import type { ModelPrice } from "./cost";
import { AgentEngineError } from "./errors";
import { messageText, subagentBudgetText } from "./messages";

/**
 * Money budgets inside a run. Amounts come in the installation's currency as plain numbers; every
 * comparison is done in integer micro-units (millionths), so sums never drift the way float
 * additions do and "at most $0.30" means exactly that. A price per million tokens times a token
 * count is already micro-units, so a worst case needs no division.
 */
export const MICROS_PER_UNIT = 1_000_000;

/** An amount of money as integer micro-units (rounded to the nearest one). */
export function toMicros(amount: number): number {
  return Math.round(amount * MICROS_PER_UNIT);
}

/** Output tokens a worst case assumes when an agent sets no `maxOutputTokens`. */
export const WORST_CASE_OUTPUT_TOKENS = 4096;

/**
 * Input tokens of a prompt, estimated high: one token per two characters (English averages about
 * four, CJK about one per character). The check after the call uses the real count.
 */
export function estimateInputTokens(messages: BaseMessage[]): number {
  let chars = 0;
  for (const m of messages) chars += messageText(m).length;
  return Math.ceil(chars / 2);
}

/** The most one model call can cost, in micro-units: input estimate × input price + max output × the dearer output price. */
export function worstCaseMicros(price: ModelPrice, inputTokens: number, maxOutputTokens: number): number {
  return Math.ceil(inputTokens * price.input + maxOutputTokens * Math.max(price.output, price.reasoning));
}

/** A budget one execution (and its descendants) spends against. */
export interface BudgetScope {
  kind: "answer" | "subagent";
  /** The budget as given (currency), for messages. */
  amount: number;
  /** The currency's code, for messages ("$0.02"); absent: the bare number. */
  currency?: string;
  limitMicros: number;
  spentMicros: number;
  /** The subagent's entry name (subagent scopes). */
  name?: string;
  /** The span that owns the budget (subagent scopes: the child's span id). */
  spanId?: string;
}

export function budgetScope(
  kind: BudgetScope["kind"],
  amount: number,
  owner?: { name: string; spanId: string },
  currency?: string,
): BudgetScope {
  return {
    kind,
    amount,
    limitMicros: toMicros(amount),
    spentMicros: 0,
    ...owner,
    ...(currency && { currency }),
  };
}

/** The answer's cap was reached: the run stops with what it has. */
export class AnswerBudgetError extends AgentEngineError {
  constructor(amount: number) {
    super("limit:answer_budget", `The answer reached its budget of ${amount}`, { amount });
  }
}

/** A subagent's entry budget was reached: that child stops, its parent goes on. */
export class SubagentBudgetError extends AgentEngineError {
  readonly spanId: string;
  constructor(name: string, amount: number, spanId: string, currency?: string) {
    super("limit:subagent_budget", subagentBudgetText(name, amount, currency), { name, amount });
    this.spanId = spanId;
  }
}

/** The error for a scope that would be (or was) exceeded. */
export function budgetError(scope: BudgetScope): AgentEngineError {
  return scope.kind === "answer"
    ? new AnswerBudgetError(scope.amount)
    : new SubagentBudgetError(scope.name ?? "", scope.amount, scope.spanId ?? "", scope.currency);
}
