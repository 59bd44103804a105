import { useCallback, useSyncExternalStore } from 'react';
import * as v from 'valibot';

/**
 * Saved jobs without an account, kept in the browser's localStorage. The storage is
 * the single source of truth: every reader (the shell's header, the listings remote's cards,
 * detail and Saved page) reads it through `useSyncExternalStore`; this module keeps no state of
 * its own beyond a cache of the last parsed value and its listeners. Writes notify this tab
 * through a window event and other tabs through the browser's `storage` event.
 *
 * It is a federation singleton (`@board/shared/` in rspack.shared.ts `sharedSingletons`); even
 * if two copies were loaded, both would read the same storage and hear the same window event.
 */
export interface SavedJob {
  id: string;
  /** What the Saved page shows when the job has left the board. */
  title: string;
  company: string;
  savedAt: string;
}

export const savedJobsKey = 'board:saved-jobs';
const changeEvent = 'board:saved-jobs-change';

const SavedJobSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.fallback(v.string(), ''),
  company: v.fallback(v.string(), ''),
  savedAt: v.fallback(v.string(), ''),
});

/** The stored list; corrupt JSON or a wrong shape reads as empty, bad entries are dropped. */
export function parseSavedJobs(raw: string | null): SavedJob[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const jobs: SavedJob[] = [];
  for (const item of data) {
    const parsed = v.safeParse(SavedJobSchema, item);
    if (!parsed.success || seen.has(parsed.output.id)) continue;
    seen.add(parsed.output.id);
    jobs.push(parsed.output);
  }
  return jobs;
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(savedJobsKey);
  } catch {
    // Storage disabled (privacy settings): nothing is saved.
    return null;
  }
}

const empty: SavedJob[] = [];
let cache: { raw: string | null; jobs: SavedJob[] } = { raw: null, jobs: empty };

/** The saved jobs, newest first; the same array while the stored text is unchanged. */
function getSavedJobs(): SavedJob[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, jobs: parseSavedJobs(raw) };
  return cache.jobs;
}

function write(jobs: SavedJob[]) {
  try {
    localStorage.setItem(savedJobsKey, JSON.stringify(jobs));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(changeEvent));
}

export function saveJob(job: Omit<SavedJob, 'savedAt'>, now = new Date()) {
  const jobs = getSavedJobs().filter((saved) => saved.id !== job.id);
  write([{ ...job, savedAt: now.toISOString() }, ...jobs]);
}

export function unsaveJob(id: string) {
  write(getSavedJobs().filter((saved) => saved.id !== id));
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === savedJobsKey) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changeEvent, onChange);
  };
}

export function useSavedJobs(): SavedJob[] {
  return useSyncExternalStore(subscribe, getSavedJobs, () => empty);
}

/** One job's saved state and its toggle. */
export function useSavedJob(job: Omit<SavedJob, 'savedAt'>) {
  const saved = useSavedJobs().some((entry) => entry.id === job.id);
  const { id, title, company } = job;
  const toggle = useCallback(() => {
    if (getSavedJobs().some((entry) => entry.id === id)) unsaveJob(id);
    else saveJob({ id, title, company });
  }, [id, title, company]);
  return { saved, toggle };
}
