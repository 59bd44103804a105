import { describe, expect, it } from 'vitest';
import { parseJobPage } from './job-page';

describe('a page of call 1', () => {
  it('reads the jobs, the total, the cursor and the facets', () => {
    const page = parseJobPage({
      jobs: [{ id: 1, title: 'A' }, 'junk', { id: 1, title: 'again' }],
      total: 10_000,
      next_cursor: 'c2',
      facets: {
        investors: [{ name: 'Accel', count: 2 }, { name: '', count: 1 }, 'junk'],
        salary_k: { min: 30, max: 250 },
        job_types: [{ value: 'Full-time', count: 'many' }],
        levels: null,
        workplace_types: [{ value: 'Remote', count: 4 }],
        locations: [{ value: ' London ', count: 9 }],
      },
    });
    expect(page.items.map((job) => job.id)).toEqual(['1']);
    expect(page.total).toBe(10_000);
    expect(page.totalIsLowerBound).toBe(false);
    expect(page.nextCursor).toBe('c2');
    expect(page.facets).toEqual({
      investors: [{ value: 'Accel', count: 2 }],
      salaryK: { min: 30, max: 250 },
      jobTypes: [{ value: 'Full-time', count: 0 }],
      levels: [],
      workplaceTypes: [{ value: 'Remote', count: 4 }],
      locations: [{ value: 'London', count: 9 }],
    });
  });

  it('degrades a page without its paging fields or facets to one last page of what came', () => {
    const page = parseJobPage({ jobs: [{ id: 1 }, { id: 2 }], next_cursor: '' });
    expect(page).toMatchObject({ total: 2, nextCursor: null, facets: { investors: [], salaryK: null } });
    expect(() => parseJobPage({ total: 3 })).toThrow('no jobs array');
  });

  it('reads whether the total is a lower bound (the API stopped counting); anything but true is exact', () => {
    const page = (flag: unknown) => parseJobPage({ jobs: [{ id: 1 }], total: 10_000, total_is_lower_bound: flag });
    expect(page(true)).toMatchObject({ total: 10_000, totalIsLowerBound: true });
    expect(page(false).totalIsLowerBound).toBe(false);
    expect(page('yes').totalIsLowerBound).toBe(false);
    expect(page(undefined).totalIsLowerBound).toBe(false);
  });
});
