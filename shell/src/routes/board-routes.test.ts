import { parseCompanyProfile } from '@board/shared/api/company-profile';
import { parseJob } from '@board/shared/api/job';
import type { CallData, CallReader } from '@board/shared/api/page-calls';
import { describe, expect, it } from 'vitest';
import { boardRoutes, matchBoardRoute } from './board-routes';
import { routeHead, routeHeads } from './route-heads';

/** The data of a page's calls, as the shell's server hands it to the route's head. */
const reading =
  (data: Partial<CallData>): CallReader =>
  (name) =>
    data[name] as never;

const headOf = (path: string, data: Partial<CallData> = {}) => {
  const match = matchBoardRoute(path);
  if (!match) throw new Error(`no route for ${path}`);
  return routeHead(match.route)(reading(data), match.params);
};

const job = parseJob({ id: 7, title: 'Backend Engineer', organization_name: 'Acme', application_url: '/job/7/apply' });

describe("each route's head and status", () => {
  it('a job: its summary, its card and its JobPosting; a missing job is Job Not Found', () => {
    expect(headOf('/job/7', { job })).toMatchObject({
      state: { found: true, summary: { title: 'Backend Engineer at Acme' } },
      card: { kind: 'job', job: { id: '7' } },
      jobPosting: job,
    });
    expect(headOf('/job/7', { job: null }).state).toEqual({
      found: false,
      missing: expect.objectContaining({ title: 'Job Not Found' }),
    });
  });

  it('the application form: no JobPosting, its own not-found wording', () => {
    const head = headOf('/job/7/apply', { job });
    expect(head.jobPosting).toBeUndefined();
    expect(head.state).toMatchObject({
      found: true,
      summary: { title: 'Apply: Backend Engineer at Acme', noindex: true },
    });
    expect(headOf('/job/7/apply/success', { job: null }).state).toMatchObject({
      found: false,
      missing: { message: "The job posting you are looking for doesn't exist or has been removed." },
    });
  });

  it('a workspace: titled with its name, its feed and card; unknown, Page Not Found', () => {
    expect(headOf('/demo', { workspace: { slug: 'demo', name: 'Demo Ventures' } })).toMatchObject({
      state: { found: true, summary: { title: 'Find your dream job in Demo Ventures' } },
      workspace: { slug: 'demo', name: 'Demo Ventures' },
    });
    expect(headOf('/demo/companies', { workspace: null }).state).toMatchObject({
      found: false,
      missing: { title: 'Page Not Found' },
    });
  });

  it('a company: named after its first job, described by its overview; none, Company Not Found', () => {
    const first = { items: [job], total: 1, nextCursor: null, organization: null };
    const pages = { pages: [first], pageParams: [null] };
    expect(headOf('/companies/10', { organizationJobPage: pages })).toMatchObject({
      state: {
        found: true,
        summary: {
          title: 'Jobs at Acme',
          description: 'Open roles at Acme, with funding, investors and equity up front.',
        },
      },
      card: { kind: 'company', id: '10', company: 'Acme' },
    });
    const profile = parseCompanyProfile({
      organization: { organization_id: 10, organization_name: 'Acme', overview: 'Acme builds robots.' },
    });
    const described = { pages: [{ ...first, organization: profile }], pageParams: [null] };
    expect(headOf('/companies/10', { organizationJobPage: described }).state).toMatchObject({
      summary: { description: 'Open roles at Acme. Acme builds robots.' },
    });
    expect(headOf('/companies/10', {}).state).toMatchObject({ found: false, missing: { title: 'Company Not Found' } });
  });

  it('an unknown path is Page Not Found; the fixed pages say what they are', () => {
    expect(headOf('/a/b/c').state).toMatchObject({ found: false, missing: { title: 'Page Not Found' } });
    expect(headOf('/terms-of-service').state).toMatchObject({ found: true });
    expect(headOf('/').state).toMatchObject({ found: true, summary: { title: 'Find your dream job' } });
  });
});

describe('the heads beside the route table', () => {
  it('every board route has a head, and every head a route', () => {
    expect(Object.keys(routeHeads).sort()).toEqual(boardRoutes.map((route) => route.path).sort());
  });
});
