import { parseJob } from '@board/shared/api/job';
import { describe, expect, it } from 'vitest';
import { fakeJobs } from '../test/fake-api';
import { boardCard, companyCard, jobCard, ogImageFor } from './og-image';

describe('ogImageFor', () => {
  it.each([
    [{ kind: 'company', id: '7', company: 'Acme' }, '/og/company/7.png', 'Open roles at Acme'],
    [{ kind: 'board', workspaceSlug: null }, '/og/board.png', 'Foundry Jobs: Find your dream job'],
    [
      { kind: 'board', workspaceSlug: 'demo ventures', name: 'Demo Ventures' },
      '/og/demo%20ventures/board.png',
      'Foundry Jobs: Find your dream job in Demo Ventures',
    ],
    [
      { kind: 'job', job: { id: '3', title: '', company: 'Acme', location: 'Remote', salary: '' } },
      '/og/job/3.png',
      'Untitled role at Acme: Remote',
    ],
  ] as const)('%o -> %s', (subject, path, alt) => {
    expect(ogImageFor(subject, 'https://board.example/')).toEqual({
      image: `https://board.example${path}`,
      imageAlt: alt,
      imageSize: { width: 1200, height: 630 },
    });
  });
});

describe('card data', () => {
  const acme = parseJob(fakeJobs[0]);
  const bolt = parseJob(fakeJobs[1]);

  it('a job shows its title, company, location and salary when disclosed', () => {
    expect(jobCard(acme, 'board.example')).toEqual({
      title: 'Backend Engineer',
      company: 'Acme',
      facts: ['Berlin', '60k - 80k EUR'],
      highlight: '60k - 80k EUR',
      site: 'board.example',
    });
    expect(jobCard(bolt, 'board.example').facts).toEqual(['Remote (EU)']);
  });

  it('a company shows its open roles and where; a board its roles and companies', () => {
    const places = ['Berlin', 'London', 'Paris', 'Lisbon'].map((location) => ({ ...acme, location }));
    expect(companyCard(places, 'x')?.facts).toEqual(['4 open roles', 'Berlin', 'London', '+2 more']);
    expect(companyCard([], 'x')).toBeNull();
    expect(companyCard([acme], 'x', { overview: 'Acme builds robots.' })?.description).toBe('Acme builds robots.');
    expect(companyCard([acme], 'x', { overview: '' })).not.toHaveProperty('description');
    expect(boardCard({ jobs: 3, companies: 2 }, null, 'x')).toMatchObject({
      title: 'Find your dream job',
      facts: ['3 open roles', '2 startups hiring'],
      mark: 'board',
    });
    expect(boardCard({ jobs: 1, companies: 1 }, 'Demo Ventures', 'x')).toMatchObject({
      title: 'Find your dream job in Demo Ventures',
      company: 'Demo Ventures',
      facts: ['1 open role', '1 startup hiring'],
    });
  });
});
