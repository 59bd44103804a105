import { boardSearchFromUrl } from '@board/shared/api/board-search';
import type { Job } from '@board/shared/api/job';
import type { CallReader } from '@board/shared/api/page-calls';
import {
  applyState,
  boardPage,
  companiesPage,
  companyState,
  fixedPages,
  jobState,
  missingPages,
  type PageState,
  type PageSummary,
  workspaceState,
} from '@board/shared/api/page-heads';
import type { BoardCall } from '@board/shared/api/requests';
import type { RemoteName } from '@board/shared/config/remotes';
import { matchRoutes } from '@board/shared/lib/router';

/** Which preview card a page shows (the shell's server draws it: og-image.ts). */
type PreviewCard =
  | { kind: 'job'; job: Pick<Job, 'id' | 'title' | 'company' | 'location' | 'salary'> }
  | { kind: 'company'; id: string; company: string }
  | { kind: 'board'; workspaceSlug: string | null; name?: string | null };

/**
 * What a page says about itself once its calls have answered: its state (the same function its
 * component calls: its title and description, or its missing panel and 404), its preview card,
 * the workspace whose feed it links to, and the job whose JobPosting it carries.
 */
export interface RouteHead {
  state: PageState;
  card?: PreviewCard;
  workspace?: { slug: string; name: string };
  jobPosting?: Job;
}

/**
 * The top-level route table: which remote serves which path (SPEC section 2). Each entry is the
 * whole route: its component (the remote's exposed module), its first API calls, its head and its
 * status, used by the shell in the browser and by its server. Remotes own everything inside their
 * pages. Static segments rank above `:workspaceSlug`, so /companies is the companies list, /saved
 * the saved jobs, and /acme is the acme workspace board.
 */
export interface BoardRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote. */
  module: string;
  /** Document title while the page loads or fails; the page sets its own once it renders. */
  title: string;
  /** Shows the Jobs / Companies switcher above the page. */
  tabs?: boolean;
  /**
   * The API calls the page makes first, from its path parameters: the shell's server runs them
   * as the page's queries before it renders the page (or, when it sends the page unrendered,
   * preloads them, so data and code download at the same time). `search` is the URL's query
   * string: a board's first call is the first page of the search it states.
   */
  calls?: (params: Record<string, string | undefined>, search?: URLSearchParams) => BoardCall[];
  /** The page's head and status from its calls' data (the server's head; the component says the same). */
  head: (data: CallReader, params: Record<string, string | undefined>) => RouteHead;
}

const noSearch = new URLSearchParams();

const fixed = (summary: PageSummary): RouteHead => ({ state: { found: true, summary, subject: null } });
const allJobsCard: PreviewCard = { kind: 'board', workspaceSlug: null };

/** A workspace's page: Page Not Found for a workspace the API does not know; else its card and feed. */
function workspaceHead(data: CallReader, slug: string, page: 'jobs' | 'companies'): RouteHead {
  const workspace = data('workspace');
  const state = workspaceState(workspace, slug, page);
  const name = workspace?.name || slug;
  return { state, card: { kind: 'board', workspaceSlug: slug, name }, workspace: { slug, name } };
}

/** A job's page: its card and, on the job page itself, its JobPosting. */
function jobHead(state: PageState<Job>, withPosting: boolean): RouteHead {
  if (!state.found) return { state };
  return { state, card: { kind: 'job', job: state.subject }, ...(withPosting ? { jobPosting: state.subject } : {}) };
}

/** Paths the shell serves itself (no remote, no API call): they rank above `/:workspaceSlug`. */
export const shellRoutes = ['/__status'] as const;

export const boardRoutes: BoardRoute[] = [
  {
    path: '/',
    remote: 'listings',
    module: './jobs-page',
    title: 'Find your dream job',
    tabs: true,
    calls: (_, search = noSearch) => [['jobPage', null, boardSearchFromUrl(search)]],
    head: () => ({ ...fixed(boardPage(null)), card: allJobsCard }),
  },
  {
    path: '/companies',
    remote: 'listings',
    module: './companies-page',
    title: 'Companies',
    tabs: true,
    calls: (_, search = noSearch) => [['organizationPage', null, search.get('q') ?? '']],
    head: () => ({ ...fixed(companiesPage(null)), card: allJobsCard }),
  },
  {
    path: '/companies/:id',
    remote: 'listings',
    module: './company-page',
    title: 'Company',
    calls: ({ id = '' }) => [['organizationJobPage', id]],
    head: (data, { id = '' }) => {
      const first = data('organizationJobPage')?.pages[0];
      const state = companyState(first?.items[0], first?.organization);
      return state.found ? { state, card: { kind: 'company', id, company: state.subject.company } } : { state };
    },
  },
  {
    path: '/job/:id',
    remote: 'listings',
    module: './job-detail-page',
    title: 'Job',
    calls: ({ id = '0' }) => [['job', id]],
    head: (data) => jobHead(jobState(data('job')), true),
  },
  {
    path: '/saved',
    remote: 'listings',
    module: './saved-page',
    title: 'Saved jobs',
    head: () => fixed(fixedPages.saved),
  },
  {
    path: '/job/:id/apply',
    remote: 'apply',
    module: './apply-page',
    title: 'Apply',
    calls: ({ id = '' }) => [['job', id]],
    head: (data) => jobHead(applyState(data('job'), 'form'), false),
  },
  {
    path: '/job/:id/apply/success',
    remote: 'apply',
    module: './success-page',
    title: 'Application submitted',
    calls: ({ id = '' }) => [['job', id]],
    head: (data) => jobHead(applyState(data('job'), 'success'), false),
  },
  {
    path: '/talent-scout',
    remote: 'static',
    module: './talent-scout-page',
    title: 'Talent Scout',
    head: () => fixed(fixedPages.talentScout),
  },
  {
    path: '/terms-of-service',
    remote: 'static',
    module: './terms-page',
    title: 'Terms of Service',
    head: () => fixed(fixedPages.terms),
  },
  {
    path: '/:workspaceSlug',
    remote: 'listings',
    module: './jobs-page',
    title: 'Find your dream job',
    tabs: true,
    calls: ({ workspaceSlug = '' }, search = noSearch) => [
      ['workspace', workspaceSlug],
      ['jobPage', workspaceSlug, boardSearchFromUrl(search)],
    ],
    head: (data, { workspaceSlug = '' }) => workspaceHead(data, workspaceSlug, 'jobs'),
  },
  {
    path: '/:workspaceSlug/companies',
    remote: 'listings',
    module: './companies-page',
    title: 'Companies',
    tabs: true,
    calls: ({ workspaceSlug = '' }, search = noSearch) => [
      ['workspace', workspaceSlug],
      ['organizationPage', workspaceSlug, search.get('q') ?? ''],
    ],
    head: (data, { workspaceSlug = '' }) => workspaceHead(data, workspaceSlug, 'companies'),
  },
  {
    path: '*',
    remote: 'static',
    module: './not-found-page',
    title: 'Page Not Found',
    head: () => ({ state: { found: false, missing: missingPages.page } }),
  },
];

/**
 * The board route of a path, with its parameters; null for the shell's own paths. Used by the
 * shell's server (what to put in the page) and by the shell before its first render (which
 * remote module to start loading).
 */
export function matchBoardRoute(
  pathname: string,
): { route: BoardRoute; params: Record<string, string | undefined> } | null {
  const routes: (BoardRoute | { path: string })[] = [...shellRoutes.map((path) => ({ path })), ...boardRoutes];
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match && 'remote' in match.route ? { route: match.route, params: match.params } : null;
}
