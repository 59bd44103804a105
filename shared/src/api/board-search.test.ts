import { describe, expect, it } from 'vitest';
import { boardSearchFromUrl, boardUrlEntries, readBoardUrl, salaryInput } from './board-search';
import { emptyJobSearch } from './job-search';
import { jobSearchQuery } from './job-search-query';

const read = (query: string) => boardSearchFromUrl(new URLSearchParams(query));

describe("a board URL's search", () => {
  it.each([
    ['', {}],
    ['view=grid&investor=all&min=&max=abc&posted=1y&sort=oldest&workplace=office', {}],
    ['q=%20Engineer%20', { title: 'Engineer' }],
    ['investor=Accel&min=50&max=150.5', { investor: 'Accel', salaryMinK: 50, salaryMaxK: 150.5 }],
    ['workplace=hybrid,REMOTE&location=Berlin', { workplaces: ['Remote', 'Hybrid'], location: 'Berlin' }],
    ['workplace=on-site,moon,remote', { workplaces: ['Remote', 'On-site'] }],
    ['from=de&visa=1', { from: 'DE', visa: true }],
    // A visa box that is not ticked is no filter. A country's name is the shell's server's to read (board-address.ts).
    ['from=de&visa=0', { from: 'DE' }],
    ['from=Germany', {}],
    ['from=Atlantis', {}],
    ['from=ZZ&visa=on', {}],
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

  it('keeps the text fields as typed beside the trimmed search, and the view', () => {
    expect(readBoardUrl(new URLSearchParams('q=senior%20&location=%20lon&view=grid'))).toMatchObject({
      search: { title: 'senior', location: 'lon' },
      typed: { title: 'senior ', location: ' lon' },
      view: 'grid',
    });
  });
});

describe('writing the URL', () => {
  it('names each field by its parameter and leaves defaults out', () => {
    expect(
      boardUrlEntries({
        title: 'dev ',
        investor: 'all',
        salaryMinK: 80,
        salaryMaxK: undefined,
        workplaces: ['Hybrid', 'Remote'],
        jobType: 'Contract',
        level: '',
        postedWithin: '24h',
        sort: 'newest',
        view: 'grid',
      }),
    ).toEqual({
      q: 'dev ',
      investor: undefined,
      min: '80',
      max: undefined,
      workplace: 'Remote,Hybrid',
      type: 'Contract',
      level: undefined,
      posted: '24h',
      sort: undefined,
      view: 'grid',
    });
    expect(boardUrlEntries({ from: 'DE', visa: true })).toEqual({ from: 'DE', visa: '1' });
    expect(boardUrlEntries({ from: '', visa: false })).toEqual({ from: undefined, visa: undefined });
    expect(boardUrlEntries({ workplaces: [], sort: 'salary', view: 'list', title: 'newest' })).toEqual({
      workplace: undefined,
      sort: 'salary',
      view: undefined,
      q: 'newest',
    });
  });

  it('reads back what it writes', () => {
    const entries = boardUrlEntries({ title: 'dev', investor: 'Accel', salaryMinK: 50, workplaces: ['On-site'] });
    const params = new URLSearchParams(
      Object.entries(entries).filter((entry): entry is [string, string] => !!entry[1]),
    );
    expect(read(params.toString())).toEqual({
      ...emptyJobSearch,
      title: 'dev',
      investor: 'Accel',
      salaryMinK: 50,
      workplaces: ['On-site'],
    });
  });

  it.each([
    ['', undefined],
    ['  ', undefined],
    ['abc', undefined],
    ['85', 85],
    ['85.5', 85.5],
  ])('a salary field %j reads as %j', (value, expected) => {
    expect(salaryInput(value)).toBe(expected);
  });
});
