import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountText } from './amount-text';
import { readAmount } from './values';

describe('an amount as the board shows it', () => {
  it.each([
    [12_000_000, '12M'],
    [1_500_000, '1.5M'],
    [1_250_000, '1.25M'],
    [250_000, '250K'],
    [2_000_000_000, '2B'],
    [12_345_678, '12,345,678'],
    [999, '999'],
    [0, '0'],
  ])('%d is %s', (dollars, text) => {
    expect(amountText(dollars)).toBe(text);
  });

  it('reads back as the same whole number of dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (dollars) => {
        expect(readAmount(amountText(dollars))).toEqual({ ok: true, value: dollars });
      }),
    );
  });
});
