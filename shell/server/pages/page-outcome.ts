import { jobPostingFor, jobPostingScriptId } from '@board/shared/api/job-posting-json-ld';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import { type RouteHead, routeHead } from '../../src/routes/route-heads';
import { feedPath } from '../crawler/crawler-files';
import { ogImageFor } from '../preview-images/og-image';
import type { PageHead } from './page-head';
import type { PagePlan } from './page-plan';
import type { PageQueries } from './page-queries';

/** A page's status and head, as the server sends them. */
export interface PageOutcome {
  /** 410: the page's subject is gone for good (a closed job). */
  status: 200 | 404 | 410;
  head: PageHead;
}

/**
 * The status and head of a page: its route's own head (route-heads.ts) over the data its calls
 * read, plus what only the server adds: the canonical URL, the feeds, the preview card's URL.
 * `complete: false` (the API could not answer) gives the route's own title, status 200. The job's
 * JobPosting goes in the head only of a page the server did not render (`rendered`): a rendered
 * page carries it in its content, and the head must not repeat it (a crawler would read two).
 */
export function pageOutcome(
  plan: PagePlan | null,
  url: URL,
  config: RuntimeConfig,
  queries: PageQueries | null,
  rendered: boolean,
): PageOutcome {
  const at = (path: string) => new URL(path, config.siteUrl).href;
  const feeds = [{ title: `${brand.product}: newest jobs`, href: at(feedPath(null)) }];
  // The shell's own page (/__status): no remote, nothing to index.
  if (!plan || !queries) {
    return {
      status: 200,
      head: { title: 'Status', description: brand.tagline, noindex: true, canonical: at(url.pathname), feeds },
    };
  }
  const head: RouteHead = queries.complete
    ? routeHead(plan.route)(queries.read, plan.params)
    : { state: { found: true, summary: { title: plan.route.title, description: brand.tagline }, subject: null } };
  const { state, card, workspace, jobPosting } = head;
  if (!state.found) {
    const { title, message, documentTitle } = state.missing;
    return {
      status: state.closed ? 410 : 404,
      head: { title: documentTitle ?? title, description: message, canonical: null, noindex: true, feeds },
    };
  }
  if (workspace) feeds.push({ title: `${workspace.name}: newest jobs`, href: at(feedPath(workspace.slug)) });
  return {
    status: 200,
    head: {
      ...state.summary,
      ...(card ? ogImageFor(card, config.siteUrl) : {}),
      canonical: at(url.pathname),
      feeds,
      jsonLd:
        jobPosting && !rendered ? [{ id: jobPostingScriptId, data: jobPostingFor(jobPosting, config.siteUrl) }] : [],
    },
  };
}
