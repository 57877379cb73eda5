import { AppError } from "@/lib/errors";

/** The periods the usage pages and their CSV offer, in days ending today (UTC). */
export const USAGE_PERIODS = [7, 30, 90] as const;
export const DEFAULT_PERIOD = 30;

const known = (n: number) => (USAGE_PERIODS as readonly number[]).includes(n);

/** A page's `?days=`: one of the periods, else the default (a stale link still shows a page). */
export function pagePeriod(raw: string | undefined): number {
  const n = Number(raw);
  return known(n) ? n : DEFAULT_PERIOD;
}

/** A CSV request's `?days=`: absent = the default; anything else but a period is refused (400). */
export function csvPeriod(raw: string | null): number {
  if (raw === null || raw === "") return DEFAULT_PERIOD;
  const n = Number(raw);
  if (!known(n))
    throw new AppError("bad_request:usage_period", { values: { periods: USAGE_PERIODS.join(", ") } });
  return n;
}
