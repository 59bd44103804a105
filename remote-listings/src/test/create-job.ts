import type { Job } from '@board/shared/api/job';

/** A displayed job for tests; override what the test is about. */
export function createJob(overrides: Partial<Job> = {}): Job {
  return {
    id: '1',
    title: 'Frontend Developer',
    company: 'Acme',
    organizationId: '10',
    location: 'London',
    salary: '60k - 80k GBP',
    salaryMin: 60000,
    salaryMax: 80000,
    salaryCurrency: 'GBP',
    description: 'Build the product.',
    detailedDescription: 'Long description',
    postedAt: '2026-01-05T10:00:00Z',
    type: 'Full-time',
    workplaceType: 'Hybrid',
    level: 'Senior',
    requirements: [],
    skills: ['React'],
    applicationUrl: '/job/1/apply',
    funding: { total: '', lastRound: { amount: '', type: '', date: '' } },
    investors: { all: [], lastRound: [] },
    companyOverview: '',
    team: [],
    equity: { type: '', percentage: '', cliffPeriod: '', vestingPeriod: '', additionalDetails: '' },
    benefits: [],
    logo: null,
    initialProjects: [],
    ...overrides,
  };
}
