import { describe, expect, it } from 'vitest';
import { fundingAmountText, isFundingAmountShown, postedDateText, salaryText } from './job-display';

describe('postedDateText', () => {
  it.each([
    ['2026-01-05T10:00:00.000Z', 'en-GB', '5 Jan 2026'],
    ['2026-01-05T10:00:00.000Z', 'en-US', 'Jan 5, 2026'],
    ['2025-12-31T12:00:00.000Z', 'de-DE', '31. Dez. 2025'],
  ])('shows %s as a local date in %s: %s', (postedAt, locale, text) => {
    expect(postedDateText(postedAt, locale)).toBe(text);
    expect(postedDateText(postedAt, locale)).toBe(text);
  });

  it("says 'Recently' without a date and 'Invalid Date' for an unreadable one", () => {
    expect(postedDateText(null)).toBe('Recently');
    expect(postedDateText('not a date', 'en-GB')).toBe('Invalid Date');
  });

  // The shell's server (Node, UTC) and a visitor's browser must write the same text, or hydration
  // fails: the board's locale and UTC, whatever the process's own.
  it.each(['Asia/Tokyo', 'America/Los_Angeles', 'UTC'])(
    'writes the same date in the time zone %s, in the board locale',
    (timeZone) => {
      const before = process.env.TZ;
      process.env.TZ = timeZone;
      try {
        expect(postedDateText('2026-01-05T23:30:00Z')).toBe('5 Jan 2026');
        expect(postedDateText('2026-01-05T00:30:00Z')).toBe('5 Jan 2026');
        expect(postedDateText('2025-03-14')).toBe('14 Mar 2025');
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );
});

describe('salaryText', () => {
  it.each([
    [null, null, null, ''],
    [0, 0, 'USD', ''],
    [undefined, undefined, undefined, ''],
    [120000, 180000, null, '120k - 180k'],
    [120000, 180000, 'USD', '120k - 180k USD'],
    [85500, 120499, 'GBP', '86k - 120k GBP'],
    [85000, null, 'EUR', 'From 85k EUR'],
    [0, 95000, '', 'Up to 95k'],
    [-5, 0, 'USD', ''],
  ])('%j..%j %j -> %j', (min, max, currency, expected) => {
    expect(salaryText(min, max, currency)).toBe(expected);
  });
});

describe('funding amounts', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['0', ''],
    [0, ''],
    ['undefined', ''],
    ['12M', '$12M'],
    [2500000, '$2500000'],
    ['$3M', '$3M'],
  ])('fundingAmountText(%j) -> %j', (raw, expected) => {
    expect(fundingAmountText(raw)).toBe(expected);
  });

  it.each([
    ['', false],
    ['$', false],
    ['$0', false],
    ['$undefined', false],
    ['$12M', true],
  ])('isFundingAmountShown(%j) -> %s', (textValue, shown) => {
    expect(isFundingAmountShown(textValue)).toBe(shown);
  });
});
