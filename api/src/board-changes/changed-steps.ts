import type { SearchIndex } from '../search/search-index';
import { entryAt, type JobEntry } from '../search/search-index-page';
import { positionsOf } from './index-order';
import type { IndexChanges } from './read-changes';

/** A job a change touched: as the index held it before and after (null: not in it, unpublished or gone). */
export interface ChangedJob {
  id: number;
  before: JobEntry | null;
  after: JobEntry | null;
}

/** What one applied change touched: its jobs, or null when that is not kept (see `untouched`). */
interface Step {
  from: number;
  to: number;
  jobs: ChangedJob[] | null;
}

/** The changes kept for `untouched`: the latest ones, up to this many steps and jobs in all. */
const keptSteps = 256;
const keptJobs = 10_000;
/** A change of more jobs than this is not kept: the answers built before it are built again. */
export const keptPerStep = 2_000;

/** The jobs `changes` touched, as `previous` and `next` hold them. */
export function changedJobs(previous: SearchIndex, next: SearchIndex, changes: IndexChanges): ChangedJob[] {
  const jobs = new Map<number, ChangedJob>(changes.jobIds.map((id) => [id, { id, before: null, after: null }]));
  const before = positionsOf(previous.ids, previous.size, changes.jobIds);
  for (const at of before) {
    const job = jobs.get(previous.ids[at] ?? 0);
    if (job) job.before = entryAt(previous, at);
  }
  // Edited in place (apply-changes.ts' `patched`), the jobs kept their positions: one pass, not two.
  const after = next.ids === previous.ids ? before : positionsOf(next.ids, next.size, changes.jobIds);
  for (const at of after) {
    const job = jobs.get(next.ids[at] ?? 0);
    if (job) job.after = entryAt(next, at);
  }
  return [...jobs.values()];
}

/**
 * The latest changes an index applied, oldest first, each from the version the previous one
 * reached: what lets an answer built at one version be kept at a later one (`untouched`).
 */
export function changedSteps() {
  let steps: Step[] = [];
  return {
    remember(step: Step) {
      steps.push(step);
      // The newest steps that fit, counted back from the last.
      let jobs = 0;
      let first = steps.length;
      while (first > 0 && steps.length - first < keptSteps) {
        const count = steps[first - 1]?.jobs?.length ?? 0;
        if (jobs + count > keptJobs) break;
        jobs += count;
        first--;
      }
      if (first > 0) steps = steps.slice(first);
    },
    /** LiveIndex's `untouched`. */
    untouched(from: number, to: number, touches: (job: ChangedJob) => boolean): boolean {
      let at = steps.findIndex((step) => step.from === from);
      if (at < 0) return from === to;
      let version = from;
      while (version < to) {
        const step = steps[at++];
        if (!step || step.from !== version || step.jobs === null || step.to > to) return false;
        if (step.jobs.some(touches)) return false;
        version = step.to;
      }
      return version === to;
    },
  };
}
