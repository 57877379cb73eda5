// The installation's currency as this process last read it: every run reads it with its prices
// (runPrices) before it starts, so a run's metrics and spans are labelled with the currency its
// costs were computed in. A currency change reaches a process with its next run or admin save.
const shared = globalThis as unknown as { __costCurrency?: string };

export function noteCurrency(currency: string): void {
  shared.__costCurrency = currency;
}

export function currentCurrency(): string {
  return shared.__costCurrency ?? "USD";
}
