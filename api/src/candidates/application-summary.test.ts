import { describe, expect, it } from 'vitest';
import { byteSize, givenResumeName } from './application-summary';
import { addMonths } from './retention';

describe('the resume as the candidate named it', () => {
  it.each([
    ['ada-cv.pdf', 'ada-cv.pdf'],
    ['C:\\Users\\ada\\cv.pdf', 'cv.pdf'],
    ['../../etc/cv.pdf', 'cv.pdf'],
    ['cv\u202egnp.pdf', 'cvgnp.pdf'],
    ['cv\r\nBcc: x.pdf', 'cvBcc: x.pdf'],
    ['  \u0000 ', null],
    ['', null],
    [undefined, null],
  ])('%j is kept as %j', (sent, kept) => {
    expect(givenResumeName(sent)).toBe(kept);
  });

  it('is cut to 200 characters', () => {
    expect(givenResumeName(`${'a'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  it('has its size in bytes, KB or MB', () => {
    expect([byteSize(326), byteSize(12_345), byteSize(10 * 1024 * 1024)]).toEqual(['326 bytes', '12.1 KB', '10.0 MB']);
  });
});

describe('retention in calendar months', () => {
  it('lands on the same day, or the month’s last when it has no such day (as PostgreSQL adds months)', () => {
    expect(addMonths(new Date('2026-11-27T05:00:00Z'), 36).toISOString()).toBe('2029-11-27T05:00:00.000Z');
    expect(addMonths(new Date('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T12:00:00Z'), 36).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });
});
