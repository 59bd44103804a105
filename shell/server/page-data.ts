import { type ApiRequest, requestUrl } from '@board/shared/api/api-client';
import { applyAction } from '@board/shared/api/apply-action';
import { type Job, parseJob, parseJobList } from '@board/shared/api/job';
import { jobPostingJsonLd, jobPostingScriptId } from '@board/shared/api/job-posting-json-ld';
import { boardRequests } from '@board/shared/api/requests';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import type { ApiAnswer, ApiReader } from './api-reader';
import type { PagePlan } from './assemble-page';
import type { PageHead } from './page-head';

/**
 * What the server knows of a page before any JavaScript runs: its status (404 for an unknown
 * path, a missing job, company or workspace, as the API says) and its head. `complete: false`
 * when the API could not answer in time: the page then goes out with its route's static title
 * and status 200, and is not kept long by a CDN.
 */
export interface PageData {
  status: 200 | 404;
  head: PageHead;
  complete: boolean;
}

export const feedPath = (workspaceSlug: string | null) =>
  workspaceSlug ? `/${encodeURIComponent(workspaceSlug)}/feed.xml` : '/feed.xml';

/** The board's description, as the jobs page's (remote-listings) meta description. */
const boardDescription = (name: string | null) =>
  `Browse a curated list of startup openings${name ? ` in ${name}` : ''}, with funding, investors and equity up front.`;
const companiesDescription = (name: string | null) =>
  `Startups${name ? ` in ${name}` : ''} that are actively hiring, and their open roles.`;

function parsed<T>(answer: ApiAnswer, parse: (body: unknown) => T): T | 'missing' | 'unavailable' {
  if (answer.kind !== 'ok') return answer.kind;
  try {
    return parse(answer.body);
  } catch {
    return 'unavailable';
  }
}

const workspaceName = (body: unknown) => {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name.trim() : '';
};

/** The head of a job page: the job's title, company, location and salary, its logo and its JobPosting. */
export function jobHead(job: Job, siteUrl: string, canonical: string): Omit<PageHead, 'feeds'> {
  const title = `${job.title || 'Job'} at ${job.company}`;
  const directApply =
    applyAction({ jobId: job.id, applicationUrl: job.applicationUrl, siteUrl, search: '' }).kind === 'in-site';
  const facts = [job.company, job.location, job.salary].filter(Boolean).join(' · ');
  return {
    title,
    description: `${facts}. ${job.description || `${job.title} at ${job.company}, ${job.location}.`}`,
    canonical,
    image: job.logo,
    facts: [
      { label: 'Location', value: job.location },
      ...(job.salary ? [{ label: 'Salary', value: job.salary }] : []),
    ],
    jsonLd: [{ id: jobPostingScriptId, data: jobPostingJsonLd(job, { siteUrl, directApply }) }],
  };
}

/** The page's status and head; reads the API (calls 2, 4, 5) for the routes that show its data. */
export async function loadPageData(
  plan: PagePlan | null,
  url: URL,
  config: RuntimeConfig,
  api: ApiReader,
): Promise<PageData> {
  const canonical = new URL(url.pathname, config.siteUrl).href;
  const boardFeed = { title: `${brand.product}: newest jobs`, href: new URL(feedPath(null), config.siteUrl).href };
  const read = (request: ApiRequest) => api.get(requestUrl(config.apiBaseUrl, request));
  const page = (head: Omit<PageHead, 'feeds'>, extra: PageHead['feeds'] = []): PageData => ({
    status: 200,
    head: { ...head, feeds: [boardFeed, ...extra] },
    complete: true,
  });
  const missing = (title: string, description: string): PageData => ({
    status: 404,
    head: { title, description, canonical: null, noindex: true, feeds: [boardFeed] },
    complete: true,
  });
  const staticTitle = (title: string): PageData => ({
    ...page({ title, description: brand.tagline, canonical }),
    complete: false,
  });

  const notFound = () => missing('Page Not Found', "The page you are looking for doesn't exist or has been moved.");
  // The shell's own pages (/__status): no remote, nothing to index.
  if (!plan) return page({ title: 'Status', description: brand.tagline, canonical, noindex: true });
  if (plan.route.path === '*') return notFound();
  const route = plan.route.path;
  const params = plan.params;
  if (route === '/') return page({ title: 'Find your dream job', description: boardDescription(null), canonical });
  if (route === '/companies')
    return page({ title: 'Browse companies', description: companiesDescription(null), canonical });

  if (route === '/:workspaceSlug' || route === '/:workspaceSlug/companies') {
    const slug = params.workspaceSlug ?? '';
    const name = parsed(await read(boardRequests.workspace(slug)), workspaceName);
    if (name === 'missing') return notFound();
    if (name === 'unavailable') return staticTitle(plan.route.title);
    const shown = name || slug;
    const feed = { title: `${shown}: newest jobs`, href: new URL(feedPath(slug), config.siteUrl).href };
    return route === '/:workspaceSlug'
      ? page({ title: `Find your dream job in ${shown}`, description: boardDescription(shown), canonical }, [feed])
      : page({ title: `Browse companies in ${shown}`, description: companiesDescription(shown), canonical }, [feed]);
  }

  if (route === '/companies/:id') {
    const jobs = parsed(await read(boardRequests.organizationJobs(params.id ?? '')), parseJobList);
    if (jobs === 'unavailable') return staticTitle(plan.route.title);
    const first = jobs === 'missing' ? undefined : jobs[0];
    if (jobs === 'missing' || !first)
      return missing(
        'Company Not Found',
        "The company you're looking for doesn't exist or has no active job postings.",
      );
    return page({
      title: `Jobs at ${first.company}`,
      description: `Open roles at ${first.company}, with funding, investors and equity up front.`,
      canonical,
      image: first.logo,
    });
  }

  if (route.startsWith('/job/:id')) {
    const job = parsed(await read(boardRequests.job(params.id ?? '0')), parseJob);
    if (job === 'unavailable') return staticTitle(plan.route.title);
    if (job === 'missing')
      return missing('Job Not Found', "The job you're looking for doesn't exist or has been removed.");
    const head = jobHead(job, config.siteUrl, canonical);
    if (route === '/job/:id') return page(head);
    // The application form and its confirmation: the job's preview, but not indexed and no JobPosting.
    const title = route === '/job/:id/apply' ? `Apply: ${head.title}` : 'Application Submitted Successfully!';
    return page({ ...head, title, noindex: true, jsonLd: [] });
  }

  return page({ title: plan.route.title, description: brand.tagline, canonical });
}
