import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, isCodeRole, levelOrder, optionsOf } from './search-options';

describe('activeFilterCount', () => {
  const bounds = { min: 60, max: 150 };
  it.each<[Partial<JobSearch>, number]>([
    [{}, 0],
    [{ salaryMinK: 60, salaryMaxK: 150 }, 0],
    [{ title: 'x' }, 1],
    [{ investor: 'Accel' }, 1],
    [{ salaryMinK: 70 }, 1],
    [{ salaryMinK: 70, salaryMaxK: 100 }, 1],
    [{ title: 'x', investor: 'Accel', salaryMaxK: 100 }, 3],
    [{ workplaces: ['Remote', 'Hybrid'] }, 1],
    [{ workplaces: ['Remote'], jobType: 'Full-time', level: 'Senior', postedWithin: '7d', location: 'x' }, 5],
    [{ from: 'DE', visa: true }, 2],
  ])('%j -> %d', (search, count) => {
    expect(activeFilterCount({ ...emptyJobSearch, ...search }, bounds)).toBe(count);
  });
});

describe('optionsOf', () => {
  it('lists each value once, known ones in their order, then the rest alphabetically', () => {
    expect(optionsOf(['Senior', '', 'Junior', 'Wizard', 'Senior', ' Lead ', 'Apprentice'], levelOrder)).toEqual([
      'Junior',
      'Senior',
      'Lead',
      'Apprentice',
      'Wizard',
    ]);
  });
});

describe('isCodeRole', () => {
  it.each([
    ['Frontend Developer', true],
    ['Staff ENGINEER', true],
    ['Embedded Programmer', true],
    ['Product Designer', false],
    ['Data Scientist', false],
  ])('%j -> %s', (title, expected) => {
    expect(isCodeRole(title)).toBe(expected);
  });
});
