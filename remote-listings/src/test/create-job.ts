import type { ServerJob } from '@board/shared/api/job';
import type { JobDetailBody } from '@board/shared/api/job-wire';

/** A job as the API sends it (SPEC section 3, snake_case): any field may be missing or malformed. */
export type ServerJobBody = Partial<Record<keyof ServerJob, unknown>>;

/** Call 4's job as our API sends it: every key of the wire contract (job-wire.ts). */
const contractJob: JobDetailBody = {
  id: 1,
  title: 'Frontend Developer',
  organization_id: 10,
  organization_name: 'Acme',
  location: 'London',
  salary_min: 60000,
  salary_max: 80000,
  salary_currency: 'GBP',
  short_description: 'Build the product.',
  description: 'Long description',
  posted_date: '2026-01-05T10:00:00Z',
  job_type: 'Full-time',
  workplace_type: 'Hybrid',
  level: 'Senior',
  requirements: [],
  skills: ['React'],
  benefits: [],
  application_url: '/job/1/apply',
  company_overview: '',
  funding: null,
  investors: null,
  team_members: [],
  equity: null,
  logo: null,
  company_website: null,
  initial_projects: [],
  description_blocks: null,
  valid_through: null,
  closed_at: null,
  places: [{ city: 'London', region: 'GB-ENG', region_name: 'England', country: 'GB' }],
  remote_eligibility: null,
  time_zones: null,
  country_names: { GB: 'United Kingdom' },
  visa_sponsorship: 'not-stated',
};

/** A job as the API sends it; override what the test is about (with anything another platform might send). */
export function createServerJob(overrides: ServerJobBody = {}): ServerJobBody {
  return { ...contractJob, ...overrides };
}
