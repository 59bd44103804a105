import { applyAction } from '@board/shared/api/apply-action';
import type { Job, Page } from '@board/shared/api/job';
import { jobPostingJsonLd, jobPostingScriptId } from '@board/shared/api/job-posting-json-ld';
import { boardKeys, type Workspace } from '@board/shared/api/queries';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import {
  applyPage,
  applySuccessPage,
  boardPage,
  companiesPage,
  companyPage,
  fixedPages,
  jobPage,
  type MissingSummary,
  missingPages,
  type PageSummary,
} from '@board/shared/lib/page-heads';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedPath } from './crawler-files';
import { ogImageFor } from './og-image';
import type { PageHead } from './page-head';
import type { PagePlan } from './page-plan';

/** A page's status and head, as the server sends them. */
export interface PageOutcome {
  status: 200 | 404;
  head: PageHead;
}

/**
 * The status and head of a page, from the data its queries read (page-queries.ts) and the same
 * builders its component calls (shared/src/lib/page-heads.ts): a page has one title, one
 * description and one not-found rule, on the server as in the browser. `complete: false` (the API
 * could not answer) gives the route's own summary, status 200.
 */
export function summarisePage(
  plan: PagePlan | null,
  url: URL,
  config: RuntimeConfig,
  queries: { queryClient: QueryClient; complete: boolean } | null,
): PageOutcome {
  const canonical = new URL(url.pathname, config.siteUrl).href;
  const boardFeed = { title: `${brand.product}: newest jobs`, href: new URL(feedPath(null), config.siteUrl).href };
  const found = (summary: PageSummary, extra: { feed?: PageHead['feeds'][number]; jsonLd?: PageHead['jsonLd'] } = {}) =>
    ({
      status: 200,
      head: {
        ...summary,
        canonical,
        feeds: extra.feed ? [boardFeed, extra.feed] : [boardFeed],
        jsonLd: extra.jsonLd ?? [],
      },
    }) satisfies PageOutcome;
  const missing = (summary: MissingSummary) =>
    ({
      status: 404,
      head: { title: summary.title, description: summary.message, canonical: null, noindex: true, feeds: [boardFeed] },
    }) satisfies PageOutcome;

  // The shell's own page (/__status): no remote, nothing to index.
  if (!plan || !queries) return found({ title: 'Status', description: brand.tagline, noindex: true });
  const route = plan.route.path;
  if (route === '*') return missing(missingPages.page);
  if (!queries.complete) return found({ title: plan.route.title, description: brand.tagline });

  const { queryClient } = queries;
  const card = (subject: Parameters<typeof ogImageFor>[0]) => ogImageFor(subject, config.siteUrl);
  const data = <T>(key: readonly unknown[]) => queryClient.getQueryData<T>(key);
  const { id = '', workspaceSlug = '' } = plan.params;
  switch (route) {
    case '/':
      return found({ ...boardPage(null), ...card({ kind: 'board', workspaceSlug: null }) });
    case '/companies':
      return found({ ...companiesPage(null), ...card({ kind: 'board', workspaceSlug: null }) });
    case '/:workspaceSlug':
    case '/:workspaceSlug/companies': {
      const workspace = data<Workspace | null>(boardKeys.workspace(workspaceSlug));
      if (!workspace) return missing(missingPages.page);
      const name = workspace.name || workspaceSlug;
      const feed = { title: `${name}: newest jobs`, href: new URL(feedPath(workspaceSlug), config.siteUrl).href };
      const image = card({ kind: 'board', workspaceSlug, name });
      return found({ ...(route === '/:workspaceSlug' ? boardPage(name) : companiesPage(name)), ...image }, { feed });
    }
    case '/companies/:id': {
      const first = data<InfiniteData<Page<Job>>>(boardKeys.organizationJobPages(id))?.pages[0]?.items[0];
      if (!first) return missing(missingPages.company);
      return found({ ...companyPage(first), ...card({ kind: 'company', id, company: first.company }) });
    }
    case '/job/:id':
    case '/job/:id/apply':
    case '/job/:id/apply/success': {
      const job = data<Job | null>(boardKeys.job(id));
      if (route === '/job/:id') {
        if (!job) return missing(missingPages.job);
        const directApply =
          applyAction({ jobId: job.id, applicationUrl: job.applicationUrl, siteUrl: config.siteUrl, search: '' })
            .kind === 'in-site';
        const jsonLd = [
          { id: jobPostingScriptId, data: jobPostingJsonLd(job, { siteUrl: config.siteUrl, directApply }) },
        ];
        return found({ ...jobPage(job), ...card({ kind: 'job', job }) }, { jsonLd });
      }
      if (!job) return missing(missingPages.jobPosting);
      const page = route === '/job/:id/apply' ? applyPage(job) : applySuccessPage(job);
      return found({ ...page, ...card({ kind: 'job', job }) });
    }
    case '/saved':
      return found(fixedPages.saved);
    case '/talent-scout':
      return found(fixedPages.talentScout);
    case '/terms-of-service':
      return found(fixedPages.terms);
    default:
      return found({ title: plan.route.title, description: brand.tagline });
  }
}
