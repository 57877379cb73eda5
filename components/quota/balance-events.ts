/**
 * The chat tells the balance badge about each model call's tokens as its usage event arrives, so
 * the badge is current during an answer instead of after the next reload. A window event keeps the
 * chat and the shell (which renders the badge) independent of each other.
 */
export const BALANCE_SPENT = "balance:spent";

export interface BalanceSpent {
  tokens: number;
  /** Server time of the usage event (ms since the epoch). */
  ts: number;
}

export function reportSpend(spent: BalanceSpent) {
  window.dispatchEvent(new CustomEvent<BalanceSpent>(BALANCE_SPENT, { detail: spent }));
}
