import { createHash } from 'node:crypto';
import type { JobListBody } from '@board/shared/api/page-bodies';
import type { DataVersion } from '../board-changes/data-version';
import type { Database } from '../db/database';
import { compressBody, type Encoding } from '../lib/compress';
import { placements, type Visibility } from '../search/visible';
import { type Board, loadBoard } from './queries';
import { listJobBody } from './serialize';

/** Call 1's answer, serialised once: the JSON, its ETag, and each encoding compressed once. */
export interface ListAnswer {
  json: Buffer<ArrayBuffer>;
  /** Strong ETag of the JSON (`"sha1 hex"`); compressed answers send it weak. */
  etag: string;
  encoded(encoding: Encoding): Promise<Buffer<ArrayBuffer>>;
}

export interface ListKey {
  visibility: Visibility;
  workspaceSlug?: string;
  /** The request's origin: logo paths become absolute URLs on it. */
  origin: string;
}

/**
 * Call 1 at 10,000 jobs is ~15 MB of JSON. It is built when the data has changed (`DataVersion`),
 * not per request or per URL: the board is read once per change for every visibility and
 * workspace, each answer is serialised once, and compressed once per encoding. Concurrent
 * requests share what is being built. The answers of the last few keys are kept.
 */
export function jobListCache(
  db: Database,
  versions: DataVersion,
  options: { maxAnswers?: number; looked?: (hit: boolean) => void } = {},
) {
  const maxAnswers = options.maxAnswers ?? 8;
  let board: { version: number; data: Promise<Board> } | null = null;
  const answers = new Map<string, { version: number; answer: Promise<ListAnswer> }>();

  function boardAt(version: number): Promise<Board> {
    if (board?.version === version) return board.data;
    const current = { version, data: loadBoard(db) };
    board = current;
    current.data.catch(() => {
      if (board === current) board = null;
    });
    return current.data;
  }

  async function build(version: number, key: ListKey): Promise<ListAnswer> {
    const { jobs, organizations } = await boardAt(version);
    const shownOn = new Set<string>(placements(key.visibility));
    const listed: JobListBody['jobs'] = [];
    for (const job of jobs) {
      const organization = organizations.get(job.organizationId);
      if (!organization || !shownOn.has(job.shownOn)) continue;
      if (key.workspaceSlug !== undefined && organization.workspaceSlug !== key.workspaceSlug) continue;
      listed.push(listJobBody({ job, organization }, key.origin));
    }
    const json = Buffer.from(JSON.stringify({ jobs: listed } satisfies JobListBody));
    const etag = `"${createHash('sha1').update(json).digest('hex')}"`;
    const encodings = new Map<Encoding, Promise<Buffer<ArrayBuffer>>>();
    return {
      json,
      etag,
      encoded(encoding) {
        if (encoding === 'identity') return Promise.resolve(json);
        let body = encodings.get(encoding);
        if (!body) {
          body = compressBody(json, encoding);
          encodings.set(encoding, body);
          body.catch(() => encodings.delete(encoding));
        }
        return body;
      },
    };
  }

  return {
    /** The answer for this request's key; null when the workspace does not exist. */
    async get(request: Request, key: ListKey): Promise<ListAnswer | null> {
      const version = await versions.current(request);
      // Unknown workspaces take no place among the answers kept (made-up slugs must not evict them).
      if (key.workspaceSlug !== undefined && !(await boardAt(version)).workspaces.has(key.workspaceSlug)) return null;
      const id = JSON.stringify([key.visibility, key.workspaceSlug ?? null, key.origin]);
      const cached = answers.get(id);
      options.looked?.(cached?.version === version);
      if (cached?.version === version) {
        answers.delete(id);
        answers.set(id, cached); // most recently used last
        return cached.answer;
      }
      const entry = { version, answer: build(version, key) };
      answers.delete(id);
      answers.set(id, entry);
      while (answers.size > maxAnswers) answers.delete(answers.keys().next().value ?? '');
      entry.answer.catch(() => {
        if (answers.get(id) === entry) answers.delete(id);
      });
      return entry.answer;
    },
  };
}
