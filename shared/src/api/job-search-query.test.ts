import { describe, expect, it } from 'vitest';
import { emptyJobSearch, type JobSearch } from './job-search';
import { jobSearchQuery, parseJobSearchParams, parsePageParams } from './job-search-query';

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
      sort: 'salary',
      ids: [3, 1],
    };
    const query = jobSearchQuery(search, { limit: 25, cursor: 'abc_-1' });
    const params = new URLSearchParams(query as Record<string, string>);
    expect(parseJobSearchParams(params)).toEqual({ ok: true, search, limit: 25, cursor: 'abc_-1' });
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

  it('reads the page of the other paged calls', () => {
    expect(parsePageParams(new URLSearchParams('limit=10000'), 10_000)).toEqual({
      ok: true,
      limit: 10_000,
      cursor: null,
    });
    expect(parsePageParams(new URLSearchParams('limit=101')).ok).toBe(false);
    expect(parsePageParams(new URLSearchParams('cursor=abc')).ok).toBe(false);
    expect(parsePageParams(new URLSearchParams(''))).toEqual({ ok: true, limit: undefined, cursor: null });
  });
});
