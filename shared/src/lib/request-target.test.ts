import { describe, expect, it } from 'vitest';
import { escapeEncodedDotSegments, hasEncodedDotSegment, rawRequestTarget } from './request-target';

describe('a request target as sent', () => {
  it.each([
    '/job/%2e%2e',
    '/job/%2E%2e/apply',
    '/job/.%2e',
    '/job/%2e.',
    '/companies/%2E',
    '/%2e%2e',
    '/job/%2e%2e?view=grid',
    'http://board.test/job/%2e%2e',
  ])('%s has an encoded dot segment', (target) => expect(hasEncodedDotSegment(target)).toBe(true));

  it.each(['/', '/job/1', '/job/..', '/job/%2e%2e%2e', '/job/a%2e%2e', '/og/job/%2e%2e.png', '/?q=%2e%2e', '/#/%2e'])(
    '%s has none',
    (target) => expect(hasEncodedDotSegment(target)).toBe(false),
  );

  it('escapes those segments only, keeping the query', () => {
    expect(escapeEncodedDotSegments('/job/%2E%2e/apply?ref=%2e%2e')).toBe('/job/%252E%252e/apply?ref=%2e%2e');
    expect(escapeEncodedDotSegments('http://board.test/%2e/companies')).toBe('/%252e/companies');
    expect(new URL(escapeEncodedDotSegments('/job/%2e%2e'), 'http://board.test').pathname).toBe('/job/%252e%252e');
  });

  it('is the Node request`s url, and nothing without one', () => {
    expect(rawRequestTarget({ incoming: { url: '/job/%2e%2e' } })).toBe('/job/%2e%2e');
    expect(rawRequestTarget(undefined)).toBeUndefined();
    expect(rawRequestTarget({})).toBeUndefined();
  });
});
