import { type SQL, sql } from 'drizzle-orm';
import { type jobPlacements, jobPostings, organizations } from '../db/job-board-tables';

type JobPlacement = (typeof jobPlacements)[number];

export const visibilities = ['job_board_only', 'linkedin_or_job_board'] as const;
export type Visibility = (typeof visibilities)[number];

/** Where a job must be shown to be listed with this visibility. */
export function placements(visibility: Visibility): readonly JobPlacement[] {
  return visibility === 'job_board_only' ? ['job_board', 'both'] : ['job_board', 'linkedin', 'both'];
}

/**
 * The one rule of which jobs the public calls show. `job_board_only`: published jobs shown on the
 * board. `linkedin_or_job_board`: also published jobs shown only on LinkedIn. Drafts and closed
 * jobs never appear. The status and placements are written as literals, not parameters: the
 * partial indexes (`where status = 'published'`) must be provably usable by a prepared
 * statement's generic plan too. (The whole list's cache applies `placements` to the rows it holds.)
 */
export function visibleJobs(visibility: Visibility): SQL {
  const shownOn = placements(visibility)
    .map((placement) => `'${placement}'`)
    .join(', ');
  return sql`${jobPostings.status} = 'published' and ${jobPostings.shownOn} in (${sql.raw(shownOn)})`;
}

/**
 * Jobs that were on the board with this visibility and closed: only the board's own job page
 * reads them (call 4 with `include_closed=true`, for its 410 page); no list ever does.
 */
export function closedJobs(visibility: Visibility): SQL {
  const shownOn = placements(visibility)
    .map((placement) => `'${placement}'`)
    .join(', ');
  return sql`${jobPostings.status} = 'closed' and ${jobPostings.shownOn} in (${sql.raw(shownOn)})`;
}

/** Which jobs a board shows: a visibility, and one workspace or all of them. */
export interface Scope {
  visibility: Visibility;
  workspaceSlug?: string;
}

/** Visible with the scope's visibility, in its workspace. */
export function inScope(scope: Scope): SQL {
  const visible = visibleJobs(scope.visibility);
  if (scope.workspaceSlug === undefined) return visible;
  return sql`${visible} and ${jobPostings.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.workspaceSlug} = ${scope.workspaceSlug})`;
}

/** A scope's key in the caches. */
export const scopeKey = (scope: Scope) => JSON.stringify([scope.visibility, scope.workspaceSlug ?? null]);
