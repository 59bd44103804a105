import { describe, expect, it } from 'vitest';
import { boardSearchFromUrl } from './board-search';
import { emptyJobSearch, jobSearchQuery } from './job-search';

const read = (query: string) => boardSearchFromUrl(new URLSearchParams(query));

describe("a board URL's search", () => {
  it.each([
    ['', {}],
    ['view=grid&investor=all&min=&max=abc&posted=1y&sort=oldest&workplace=office', {}],
    ['q=%20Engineer%20', { title: 'Engineer' }],
    ['investor=Accel&min=50&max=150.5', { investor: 'Accel', salaryMinK: 50, salaryMaxK: 150.5 }],
    ['workplace=hybrid,REMOTE&location=Berlin', { workplaces: ['Remote', 'Hybrid'], location: 'Berlin' }],
    [
      'type=Contract&level=Senior&posted=7d&sort=salary',
      { jobType: 'Contract', level: 'Senior', postedWithin: '7d', sort: 'salary' },
    ],
  ])('?%s', (query, expected) => {
    expect(read(query)).toEqual({ ...emptyJobSearch, ...expected });
  });

  it('is the same search (and the same call) whatever the order or the view', () => {
    const a = read('q=dev&workplace=Remote,Hybrid&view=grid');
    const b = read('workplace=Hybrid,Remote&q=dev');
    expect(a).toEqual(b);
    expect(jobSearchQuery(a, { limit: 24 })).toEqual({ title: 'dev', workplace: 'Remote,Hybrid', limit: '24' });
  });
});
