import { emptyJobSearch } from '@board/shared/api/job-search';
import { countryName } from '@board/shared/places/countries';
import { describe, expect, it } from 'vitest';
import { boardSearchPath, describeAlertSearch, storedJobSearch } from './alert-description';
import { parseAlertSubscription } from './alert-schema';

describe('the alert subscription schema', () => {
  it('reads the address, the schedule, the board and call 1’s search', () => {
    expect(
      parseAlertSubscription({
        email: '  ada@example.com ',
        frequency: 'weekly',
        workspace_slug: 'demo',
        title: ' Engineer ',
        workplace: 'remote,hybrid',
        salary_min_k: '80',
        sort: 'salary',
        ids: '1,2',
      }),
    ).toEqual({
      ok: true,
      value: {
        email: 'ada@example.com',
        frequency: 'weekly',
        workspaceSlug: 'demo',
        search: { ...emptyJobSearch, title: 'Engineer', workplaces: ['Remote', 'Hybrid'], salaryMinK: 80 },
      },
    });
    expect(parseAlertSubscription({ email: 'ada@example.com' })).toMatchObject({
      ok: true,
      value: { frequency: 'daily', search: emptyJobSearch },
    });
  });

  it.each([
    [{ email: '' }, { email: 'Please enter a valid email address' }],
    [{}, { email: 'Please enter a valid email address' }],
    [{ email: `${'a'.repeat(200)}@example.com` }, { email: 'Email must be less than 200 characters' }],
    [{ email: 'a@example.com\u0000' }, { email: 'Invalid input' }],
    [{ email: 'a@example.com', frequency: 'hourly' }, { frequency: 'Choose daily or weekly' }],
    [{ email: 'a@example.com', workspace_slug: '../x' }, { workspace_slug: 'Unknown board' }],
    [{ email: 'a@example.com', posted_within: '1y' }, { search: 'posted_within must be 24h, 7d or 30d' }],
  ])('refuses %j', (fields, errors) => {
    expect(parseAlertSubscription(fields)).toEqual({ ok: false, errors });
  });
});

describe('an alert in words and on the board', () => {
  it.each([
    [{}, undefined, 'all jobs', '/'],
    [
      { title: 'Engineer', workplaces: ['Remote' as const], investor: 'Sequoia' },
      undefined,
      'Engineer · Remote · Sequoia · all jobs',
      '/?q=Engineer&investor=Sequoia&workplace=Remote',
    ],
    [
      { location: 'Berlin', salaryMinK: 60, salaryMaxK: 90 },
      'demo',
      'Berlin · 60k–90k · Demo Ventures',
      '/demo?min=60&max=90&location=Berlin',
    ],
  ])('%j', (search, slug, words, path) => {
    const full = { ...emptyJobSearch, ...search };
    expect(describeAlertSearch(full, slug ? { name: 'Demo Ventures' } : {}, countryName)).toBe(words);
    expect(boardSearchPath(full, slug)).toBe(path);
  });

  it('a stored search drops what an alert does not follow (order, fixed ids)', () => {
    expect(storedJobSearch({ title: 'x', sort: 'salary', ids: [1] })).toEqual({ ...emptyJobSearch, title: 'x' });
    expect(storedJobSearch(null)).toEqual(emptyJobSearch);
  });
});
