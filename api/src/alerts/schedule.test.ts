import { describe, expect, it } from 'vitest';
import { firstDigestAt, nextDigestAt } from './schedule';

const at = (iso: string) => new Date(iso);

describe('the digest schedule', () => {
  it('a confirmed alert gets its first digest one period later', () => {
    expect(firstDigestAt('daily', at('2026-11-20T08:00:00Z'))).toEqual(at('2026-11-21T08:00:00Z'));
    expect(firstDigestAt('weekly', at('2026-11-20T08:00:00Z'))).toEqual(at('2026-11-27T08:00:00Z'));
  });

  it.each([
    ['daily, on time', 'daily', '2026-11-21T08:00:00Z', '2026-11-21T08:00:00Z', '2026-11-22T08:00:00Z'],
    [
      'daily, run late keeps the time of day',
      'daily',
      '2026-11-21T08:00:00Z',
      '2026-11-21T09:30:00Z',
      '2026-11-22T08:00:00Z',
    ],
    [
      'daily, after three days down: one digest, then the next day',
      'daily',
      '2026-11-21T08:00:00Z',
      '2026-11-24T10:00:00Z',
      '2026-11-25T08:00:00Z',
    ],
    ['weekly, on time', 'weekly', '2026-11-21T08:00:00Z', '2026-11-21T08:00:01Z', '2026-11-28T08:00:00Z'],
    ['weekly, ten days late', 'weekly', '2026-11-21T08:00:00Z', '2026-12-01T08:00:00Z', '2026-12-05T08:00:00Z'],
  ] as const)('%s', (_case, frequency, due, now, next) => {
    const result = nextDigestAt(frequency, at(due), at(now));
    expect(result).toEqual(at(next));
    expect(result.getTime()).toBeGreaterThan(at(now).getTime());
  });
});
