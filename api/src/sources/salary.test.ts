import { describe, expect, it } from 'vitest';
import { widest, yearlySalary } from './salary';

describe('pay as yearly amounts', () => {
  it.each([
    [50, 60, 'usd', 'hour', 1, { min: 104_000, max: 124_800, currency: 'USD' }],
    [4_000, 5_000, 'EUR', 'month', 1, { min: 48_000, max: 60_000, currency: 'EUR' }],
    [1_000, null, 'GBP', 'week', 1, { min: 52_000, max: null, currency: 'GBP' }],
    [300, 400, 'CHF', 'day', 1, { min: 78_000, max: 104_000, currency: 'CHF' }],
    [4_000, 4_400, 'USD', 'week', 2, { min: 104_000, max: 114_400, currency: 'USD' }],
    [120_000, 90_000, 'USD', 'year', 1, { min: 90_000, max: 120_000, currency: 'USD' }],
  ] as const)('%s–%s %s per %s (every %s)', (min, max, currency, interval, every, expected) => {
    expect(yearlySalary(min, max, currency, interval, every)).toEqual(expected);
  });

  it('is no salary without an amount, with a currency that is not ISO 4217, or out of any plausible range', () => {
    expect(yearlySalary(null, undefined, 'USD', 'year')).toBeNull();
    expect(yearlySalary(0, -5, 'USD', 'year')).toBeNull();
    expect(yearlySalary(100_000, 120_000, 'dollars', 'year')).toBeNull();
    expect(yearlySalary(100_000, 120_000, null, 'year')).toBeNull();
    expect(yearlySalary(100_000, 120_000, 'USD', 'hour')).toBeNull();
    expect(yearlySalary('100000', 120_000, 'USD', 'year')).toEqual({ min: null, max: 120_000, currency: 'USD' });
    expect(yearlySalary(Number.NaN, Number.POSITIVE_INFINITY, 'USD', 'year')).toBeNull();
  });

  it('several ranges (pay zones, tiers): the widest of the first currency', () => {
    expect(
      widest([
        null,
        { min: 90_000, max: 110_000, currency: 'USD' },
        { min: 70_000, max: 95_000, currency: 'USD' },
        { min: 200_000, max: 300_000, currency: 'EUR' },
      ]),
    ).toEqual({ min: 70_000, max: 110_000, currency: 'USD' });
    expect(widest([null])).toBeNull();
  });
});
