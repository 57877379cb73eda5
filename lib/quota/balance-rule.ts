/**
 * What one finished model call does to a balance: its tokens are taken while the balance is above
 * zero; a call that finishes after it was used up is recorded but not charged (so a balance goes
 * below zero by at most one call). Pure, so the server's charge and the browser's live badge
 * apply the same rule.
 */
export function balanceAfterCall(balance: number, tokens: number): number {
  return balance <= 0 ? balance : balance - Math.max(0, tokens);
}
