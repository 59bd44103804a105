import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyJobSearch, type JobSearch } from './job-search';
import {
  jobSearchQuery,
  maxNumberLength,
  numberPattern,
  pageEntries,
  parseJobSearch,
  parseJobSearchParams,
  queryParse,
} from './job-search-query';

const parse = (query: string) => parseJobSearchParams(new URLSearchParams(query));

describe('jobSearchQuery and parseJobSearchParams', () => {
  it('sets only what differs from the default', () => {
    expect(jobSearchQuery(emptyJobSearch, { limit: 25 })).toEqual({ limit: '25' });
    expect(jobSearchQuery({ ...emptyJobSearch, title: '', sort: 'newest' }, { limit: 25, cursor: null })).toEqual({
      limit: '25',
    });
  });

  it('reads back every search it writes', () => {
    const search: JobSearch = {
      title: 'Engineer',
      investor: 'Sequoia Capital',
      salaryMinK: 80,
      salaryMaxK: 1e21,
      location: 'london',
      workplaces: ['Remote', 'On-site'],
      jobType: 'Full-time',
      level: 'Senior',
      postedWithin: '7d',
      from: 'DE',
      visa: true,
      sort: 'salary',
      ids: [3, 1],
    };
    const query = jobSearchQuery(search, { limit: 25, cursor: 'abc_-1' });
    const params = new URLSearchParams(query as Record<string, string>);
    expect(parseJobSearchParams(params)).toEqual({ ok: true, search, limit: 25, cursor: 'abc_-1' });
  });

  it('reads a country to work from in any case, and visa=1 as only the jobs that sponsor', () => {
    expect(parse('limit=5&from=de&visa=1')).toMatchObject({ ok: true, search: { from: 'DE', visa: true } });
    expect(parse('limit=5&visa=0')).toMatchObject({ ok: true, search: { from: '', visa: false } });
    expect(jobSearchQuery({ ...emptyJobSearch, from: 'GB', visa: true }, { limit: 5 })).toEqual({
      from: 'GB',
      visa: '1',
      limit: '5',
    });
  });

  it('normalises workplaces and trims texts', () => {
    const result = parse('limit=5&workplace=hybrid,,REMOTE&title=%20dev%20&ids=4,4,2');
    expect(result).toMatchObject({
      ok: true,
      search: { workplaces: ['Remote', 'Hybrid'], title: 'dev', ids: [4, 2] },
    });
  });

  it.each([
    ['title=x', 'limit is required'],
    ['cursor=abc', 'limit is required'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=5&sort=oldest', 'sort'],
    ['limit=5&from=Germany', 'from'],
    ['limit=5&from=ZZ', 'from'],
    ['limit=5&visa=yes', 'visa'],
    ['from=DE', 'limit is required'],
    ['limit=5&workplace=Moon', 'workplace'],
    ['limit=5&posted_within=1y', 'posted_within'],
    ['limit=5&salary_min_k=NaN', 'salary_min_k'],
    ['limit=5&salary_max_k=Infinity', 'salary_max_k'],
    ['limit=5&salary_max_k=1e999', 'salary_max_k'],
    ['limit=5&title=a%00b', 'title'],
    ['limit=5&location=a%1Fb', 'location'],
    ['limit=5&title=a%0Ab', 'title'],
    ['limit=5&title=engineer%0D%0ABcc:%20x@example.com', 'title'],
    ['limit=5&location=a%09b', 'location'],
    ['limit=5&job_type=a%E2%80%A8b', 'job_type'],
    ['limit=5&level=a%E2%80%A9b', 'level'],
    ['limit=5&investor=a%C2%85b', 'investor'],
    ['limit=5&title=engineer%0A', 'title'],
    [`limit=5&investor=${'x'.repeat(201)}`, 'investor'],
    ['limit=5&cursor=not%20base64', 'cursor'],
    ['limit=5&ids=1,x', 'ids'],
    ['limit=5&ids=0', 'ids'],
    ['limit=5&ids=99999999999', 'ids'],
    [`limit=5&ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`, 'ids'],
  ])('refuses %s', (query, word) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(word);
  });

  it('reads the page size of the other paged calls, 1 to their maximum', () => {
    const page = (max: number, limit: string) => v.safeParse(v.object(pageEntries(max)), { limit }, queryParse);
    expect(page(10_000, '10000').output).toEqual({ limit: 10_000 });
    expect(page(100, '0100').output).toEqual({ limit: 100 });
    for (const [max, limit] of [
      [100, '101'],
      [100, '0'],
      [10_000, '10001'],
      [10_000, '99999'],
      [100, '1.5'],
    ] as const)
      expect(page(max, limit).success, `${limit} of ${max}`).toBe(false);
    for (const limit of ['1', '9', '10', '99', '100']) expect(page(100, limit).success, limit).toBe(true);
  });
});

/**
 * Whether a pattern can split one run of characters between two of its parts in more than one way:
 * a quantified group (`(…)+`, `(…)*`), or two digit runs with only optional characters between
 * them (`\d+\.?\d*`: a run of digits and no point splits anywhere), the shapes whose failures a
 * backtracking engine pays for with the square of the input or worse.
 */
function canSplitOneRunManyWays(pattern: RegExp): boolean {
  const source = pattern.source;
  const quantifiedGroup = /\)[*+{]/;
  // A digit run, then only optional atoms or group edges, then another digit run.
  const optionalBetween = /\\d[*+](?:\(\?:|\)|\\.\?|\[[^\]]*\]\?|[^\\()|[\]$]\?)*\\d/;
  return quantifiedGroup.test(source) || optionalBetween.test(source);
}

describe('number parameters', () => {
  // A value found by probing: 15,800 ones and an `e`, which took the API a third of a second to refuse.
  const slow = `${'1'.repeat(15_800)}e`;
  afterEach(() => vi.restoreAllMocks());

  it('refuse a value that took a third of a second, in call 1 and in an alert’s search', () => {
    for (const name of ['salary_min_k', 'salary_max_k']) {
      const result = parse(`limit=5&${name}=${slow}`);
      expect(result).toEqual({ ok: false, message: `${name} must be a number (thousands)` });
      expect(parseJobSearch(new URLSearchParams({ [name]: slow })).ok).toBe(false);
    }
  });

  it('are refused by their length before any pattern reads them', () => {
    const read = vi.spyOn(RegExp.prototype, 'exec');
    const test = vi.spyOn(RegExp.prototype, 'test');
    const longestRead = () =>
      Math.max(0, ...[...read.mock.calls, ...test.mock.calls].map(([text]) => String(text).length));
    // The spies see what a pattern reads: a number that fits is read.
    expect(parse('limit=5&salary_min_k=120')).toMatchObject({ ok: true, search: { salaryMinK: 120 } });
    expect(longestRead()).toBeGreaterThan(0);
    for (const [query, cap] of [
      [`limit=5&salary_min_k=${slow}`, maxNumberLength],
      [`limit=5&salary_max_k=${'9'.repeat(maxNumberLength + 1)}`, maxNumberLength],
      [`limit=${'1'.repeat(50_000)}`, 6],
      [`limit=5&ids=${'1,'.repeat(20_000)}1`, 1_099],
    ] as const) {
      read.mockClear();
      test.mockClear();
      expect(parse(query).ok, query.slice(0, 40)).toBe(false);
      expect(longestRead(), query.slice(0, 40)).toBeLessThanOrEqual(cap);
    }
  });

  it('keep every number’s own spelling within the length', () => {
    for (const number of [-Number.MAX_VALUE, -Number.MIN_VALUE, 1e21, 0.1 + 0.2, -2.2250738585072014e-308]) {
      const result = parse(`limit=5&salary_min_k=${encodeURIComponent(String(number))}`);
      expect(result).toMatchObject({ ok: true, search: { salaryMinK: number } });
    }
  });

  it('are read by a pattern that cannot split a run of characters two ways', () => {
    // The check finds that pattern, and the shapes that cost the same.
    expect(canSplitOneRunManyWays(/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i)).toBe(true);
    expect(canSplitOneRunManyWays(/^(\d+)+$/)).toBe(true);
    expect(canSplitOneRunManyWays(/^\d+[,]?\d+$/)).toBe(true);
    expect(canSplitOneRunManyWays(numberPattern)).toBe(false);
    // The same numbers as before: a sign, a point on either side, an exponent.
    for (const text of ['12', '-1.5', '+.5', '7.', '1e3', '1E-3', '2.5e+2'])
      expect(numberPattern.test(text), text).toBe(true);
    for (const text of ['', '.', 'e3', '1e', '1.2.3', '--1', '0x10', 'Infinity', '1 000'])
      expect(numberPattern.test(text), text).toBe(false);
  });
});
