import { isTypeable } from '@board/shared/lib/typeable';

/**
 * The API's public calls as the shell server's tests need them: two companies, three public jobs
 * (one with a title that tries to break out of HTML, XML and JSON-LD), a closed one, one workspace.
 * `down: true` answers nothing.
 */
export const hostileTitle = '</script><script>alert(1)</script> & "Lead" <Engineer>';

export const fakeJobs = [
  {
    id: 1,
    title: 'Backend Engineer',
    organization_id: 7,
    organization_name: 'Acme',
    location: 'Berlin',
    salary_min: 60000,
    salary_max: 80000,
    salary_currency: 'EUR',
    short_description: 'Build the API.',
    description: 'We ship every week.',
    posted_date: '2026-11-10T09:00:00.000Z',
    job_type: 'Full-time',
    workplace_type: 'On-site',
    application_url: '/job/1/apply',
    logo: 'https://api.example.test/public/logos/acme.svg',
  },
  {
    id: 2,
    title: hostileTitle,
    organization_id: 8,
    organization_name: 'Bolt & Co',
    location: 'Remote (EU)',
    salary_min: null,
    salary_max: null,
    salary_currency: null,
    short_description: 'Lead the <team>.',
    posted_date: '2026-11-01T09:00:00.000Z',
    job_type: 'Contract',
    workplace_type: 'Remote',
    application_url: 'https://careers.bolt.example/2',
    logo: null,
  },
  {
    id: 3,
    title: 'Designer',
    organization_id: 7,
    organization_name: 'Acme',
    location: 'Berlin',
    posted_date: '2026-11-05T09:00:00.000Z',
  },
];

/** A job that closed: call 4 answers it only with the board's `include_closed=true` (the SPEC's call 4: 404). */
const closedJob = {
  id: 41,
  title: 'Closed Role',
  organization_id: 7,
  organization_name: 'Acme',
  location: 'Berlin',
  posted_date: '2026-10-01T09:00:00.000Z',
  closed_at: '2026-11-20T09:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fakeOrganizations = [
  { organization_id: 7, organization_name: 'Acme', job_board_slug: 'acme' },
  { organization_id: 8, organization_name: 'Bolt & Co', job_board_slug: 'bolt' },
];

const newestFirst = <T extends { posted_date?: string | null }>(items: T[]) =>
  [...items].sort((a, b) => Date.parse(b.posted_date ?? '0') - Date.parse(a.posted_date ?? '0'));

/**
 * A page of `items` after the cursor (here, plainly the index where the page starts), as the
 * API's paged calls answer: the page and the next cursor.
 */
function page<T>(items: T[], url: URL, fallbackLimit: number) {
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? fallbackLimit);
  const shown = items.slice(start, start + limit);
  return { shown, next_cursor: start + limit < items.length ? String(start + limit) : null };
}

export function fakeApiFetch(options: { down?: boolean } = {}): typeof fetch {
  return async (input) => {
    if (options.down) throw new TypeError('fetch failed');
    const url = new URL(String(input));
    const workspace = url.searchParams.get('workspace_slug');
    const path = url.pathname;
    if (path === '/public-job-posting') {
      // As the API refuses a search it does not run: too long, or with control characters.
      const title = url.searchParams.get('title') ?? '';
      if (title.length > 200 || !isTypeable(title))
        return json({ message: 'title must be at most 200 characters, without control characters' }, 400);
      if (workspace && workspace !== 'demo') return json({ message: 'Workspace not found' }, 404);
      const jobs = workspace === 'demo' ? fakeJobs.slice(0, 1) : fakeJobs;
      if (!url.searchParams.has('limit')) return json({ jobs });
      const { shown, next_cursor } = page(newestFirst(jobs), url, 25);
      return json({ jobs: shown, total: jobs.length, next_cursor, facets: {} });
    }
    if (path === '/public-job-posting/workspace/demo') return json({ slug: 'demo', name: 'Demo Ventures' });
    if (path === '/public-job-posting/job-board/list-organizations') {
      if (!url.searchParams.has('limit')) return json({ organizations: fakeOrganizations });
      const { shown, next_cursor } = page(fakeOrganizations, url, 25);
      return json({ organizations: shown, total: fakeOrganizations.length, next_cursor });
    }
    if (path === '/public-job-posting/crawl/jobs') {
      const { shown, next_cursor } = page(fakeJobs, url, 1000);
      return json({
        items: shown.map((job) => ({ id: job.id, organization_id: job.organization_id, posted_date: job.posted_date })),
        next_cursor,
      });
    }
    if (path === '/public-job-posting/crawl/organizations') {
      const { shown, next_cursor } = page(fakeOrganizations, url, 1000);
      return json({
        items: shown.map((organization) => ({
          organization_id: organization.organization_id,
          last_posted: newestFirst(fakeJobs.filter((job) => job.organization_id === organization.organization_id))[0]
            ?.posted_date,
        })),
        next_cursor,
      });
    }
    const job = /^\/public-job-posting\/(\d+)$/.exec(path);
    const found = fakeJobs.find((item) => String(item.id) === job?.[1]);
    if (found) return json(found);
    if (job?.[1] === String(closedJob.id) && url.searchParams.get('include_closed') === 'true') return json(closedJob);
    const company = /^\/public-job-posting\/organization\/(\d+)$/.exec(path)?.[1];
    if (company === '7') return json({ jobs: fakeJobs.filter((item) => item.organization_id === 7) });
    if (company === '9') return json({ jobs: [] });
    return json({ message: 'Not found' }, 404);
  };
}
