/**
 * Pay from an ATS as the board shows it: yearly amounts in whole units of a currency (SPEC section 9
 * shows yearly thousands). Hourly pay is counted as 2,080 hours a year (40 hours, 52 weeks), daily
 * as 260 days, weekly as 52 weeks, monthly as 12 months.
 */
export type PayInterval = 'hour' | 'day' | 'week' | 'month' | 'year';

const perYear: Record<PayInterval, number> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };

export interface Salary {
  min: number | null;
  max: number | null;
  currency: string;
}

/** Above this, a yearly amount is not pay (a mistyped unit, cents sent as units): no salary. */
const largest = 50_000_000;

const amount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/**
 * A yearly range from an ATS's amounts: `every` intervals of `interval` (Ashby's "2 WEEK" is
 * every = 2). Null when no amount is given, the currency is not an ISO 4217 code, or an amount is
 * out of any plausible range. Min and max come out in order.
 */
export function yearlySalary(
  min: unknown,
  max: unknown,
  currency: unknown,
  interval: PayInterval,
  every = 1,
): Salary | null {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(code) || !(every > 0)) return null;
  const factor = perYear[interval] / every;
  const low = amount(min);
  const high = amount(max);
  if (low === null && high === null) return null;
  const yearly = [low, high].map((value) => (value === null ? null : Math.round(value * factor)));
  if (yearly.some((value) => value !== null && value > largest)) return null;
  const [a, b] = yearly as [number | null, number | null];
  return a !== null && b !== null && a > b ? { min: b, max: a, currency: code } : { min: a, max: b, currency: code };
}

/** The widest range over several (pay zones, tiers) of the first one's currency; null when none. */
export function widest(ranges: (Salary | null)[]): Salary | null {
  const known = ranges.filter((range): range is Salary => range !== null);
  const currency = known[0]?.currency;
  const same = known.filter((range) => range.currency === currency);
  if (!currency || same.length === 0) return null;
  const mins = same.map((range) => range.min).filter((value): value is number => value !== null);
  const maxes = same.map((range) => range.max).filter((value): value is number => value !== null);
  return {
    min: mins.length > 0 ? Math.min(...mins) : null,
    max: maxes.length > 0 ? Math.max(...maxes) : null,
    currency,
  };
}
