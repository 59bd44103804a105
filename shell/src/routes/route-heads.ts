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
import type { BoardRoute } from './board-routes';

/**
 * What each board route's page says about itself, for the shell's server: apart from the route
 * table (board-routes.ts), keyed by the same path, because the browser never reads a head (the
 * page's component says the same through the same page-heads function) and should not download
 * them: they and what they call were about 1.1 KB of gzip on every first view.
 * board-routes.test.ts checks that every route has one.
 */

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

/** The page's head and status from its calls' data (the server's head; the component says the same). */
type Head = (data: CallReader, params: Record<string, string | undefined>) => RouteHead;

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

/** Each board route's head, by its path. */
export const routeHeads: Record<string, Head> = {
  '/': () => ({ ...fixed(boardPage(null)), card: allJobsCard }),
  '/companies': () => ({ ...fixed(companiesPage(null)), card: allJobsCard }),
  '/companies/:id': (data, { id = '' }) => {
    const first = data('organizationJobPage')?.pages[0];
    const state = companyState(first?.items[0], first?.organization);
    return state.found ? { state, card: { kind: 'company', id, company: state.subject.company } } : { state };
  },
  '/job/:id': (data) => jobHead(jobState(data('job')), true),
  '/saved': () => fixed(fixedPages.saved),
  '/job/:id/apply': (data) => jobHead(applyState(data('job'), 'form'), false),
  '/job/:id/apply/success': (data) => jobHead(applyState(data('job'), 'success'), false),
  '/talent-scout': () => fixed(fixedPages.talentScout),
  '/terms-of-service': () => fixed(fixedPages.terms),
  '/:workspaceSlug': (data, { workspaceSlug = '' }) => workspaceHead(data, workspaceSlug, 'jobs'),
  '/:workspaceSlug/companies': (data, { workspaceSlug = '' }) => workspaceHead(data, workspaceSlug, 'companies'),
  '*': () => ({ state: { found: false, missing: missingPages.page } }),
};

/** The head of a board route (a route without one is a mistake of this table's, not a visitor's). */
export function routeHead(route: BoardRoute): Head {
  const head = routeHeads[route.path];
  if (!head) throw new Error(`the board route ${route.path} has no head (shell/src/routes/route-heads.ts)`);
  return head;
}
