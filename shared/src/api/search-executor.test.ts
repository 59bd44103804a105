import { describe, expect, it } from 'vitest';
import { parseJobList } from './job';
import { emptyJobSearch } from './job-search';
import { localJobPage, localOffset } from './local-search';
import { executorOf } from './search-executor';

const jobs = parseJobList({
  jobs: Array.from({ length: 30 }, (_, index) => ({
    id: index + 1,
    title: index % 2 === 0 ? `Engineer ${index + 1}` : `Designer ${index + 1}`,
    posted_date: new Date(Date.UTC(2026, 0, 30 - index)).toISOString(),
  })),
});
const now = Date.UTC(2026, 1, 1);

describe('where a search runs', () => {
  it.each([
    [{ jobs: [], total: 0, next_cursor: null }, 'api'],
    [{ jobs: [] }, 'local'],
    [{ jobs: [], total: '3' }, 'local'],
    [null, 'local'],
  ])('%j -> %s', (body, expected) => {
    expect(executorOf(body)).toBe(expected);
  });
});

describe('a page of a search over the whole list', () => {
  it('filters, counts and pages by offset, with the facets of the whole list', () => {
    const search = { ...emptyJobSearch, title: 'engineer' };
    const first = localJobPage(jobs, search, { cursor: null, size: 10, now });
    expect(first.items.map((job) => job.id)).toEqual(['1', '3', '5', '7', '9', '11', '13', '15', '17', '19']);
    expect(first.total).toBe(15);
    expect(first.nextCursor).toBe('local-10');
    expect(first.facets.jobTypes).toEqual([{ value: 'Full-time', count: 30 }]);
    const last = localJobPage(jobs, search, { cursor: first.nextCursor, size: 10, now });
    expect(last.items.map((job) => job.id)).toEqual(['21', '23', '25', '27', '29']);
    expect(last.nextCursor).toBeNull();
  });

  it('never shows the unfiltered list for a search nothing matches', () => {
    const page = localJobPage(jobs, { ...emptyJobSearch, title: 'zzzz' }, { cursor: null, size: 24, now });
    expect(page).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it.each([
    [null, 0],
    ['local-24', 24],
    ['at24', 0],
    ['local-x', 0],
  ])('cursor %j starts at %d', (cursor, offset) => {
    expect(localOffset(cursor)).toBe(offset);
  });
});
