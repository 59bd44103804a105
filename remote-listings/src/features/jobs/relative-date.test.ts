import { describe, expect, it } from 'vitest';
import { relativePostedText } from './relative-date';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('relativePostedText', () => {
  it.each([
    [null, null],
    ['not a date', null],
    [ago(-3 * hour), 'Posted just now'],
    [ago(0), 'Posted just now'],
    [ago(59 * minute), 'Posted just now'],
    [ago(hour), 'Posted 1 hour ago'],
    [ago(23 * hour + 59 * minute), 'Posted 23 hours ago'],
    [ago(day), 'Posted yesterday'],
    [ago(2 * day - 1), 'Posted yesterday'],
    [ago(3 * day), 'Posted 3 days ago'],
    [ago(6 * day), 'Posted 6 days ago'],
    [ago(7 * day), 'Posted 1 week ago'],
    [ago(29 * day), 'Posted 4 weeks ago'],
    [ago(30 * day), 'Posted 1 month ago'],
    [ago(364 * day), 'Posted 12 months ago'],
    [ago(365 * day), 'Posted 1 year ago'],
    [ago(800 * day), 'Posted 2 years ago'],
  ])('%j -> %j', (postedAt, expected) => {
    expect(relativePostedText(postedAt, now)).toBe(expected);
  });
});
