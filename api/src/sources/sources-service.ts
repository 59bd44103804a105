import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { boardWritten } from '../board-changes/board-written';
import type { Database } from '../db/database';
import {
  jobPostings,
  jobSources,
  organizations,
  type SourceKind,
  sourceKinds,
  workspaces,
} from '../db/job-board-tables';
import { oneLine } from '../lib/clean-text';
import { type SyncResult, syncSource } from './sync';
import type { SyncDeps } from './sync-changes';
import { VendorFailure } from './vendor-http';
import { vendors } from './vendors';

/**
 * What `pnpm sources add|list|sync|remove` do, on the database they are given (the commands call
 * this directly on PostgreSQL, or through the running API's operator endpoints on its PGlite).
 * A refusal is a `SourceRefusal`: one line for the operator, nothing changed.
 */
export class SourceRefusal extends Error {
  override name = 'SourceRefusal';
}

export interface SourceSummary {
  id: number;
  kind: SourceKind;
  board: string;
  company: string;
  organization_id: number;
  workspace: string | null;
  open_jobs: number;
  last_sync: { at: string; ok: boolean; line: string } | null;
}

/** A board name as the vendors write them: letters, digits, '.', '_', '-' (no path, no query). */
const boardName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

function isSourceKind(value: string): value is SourceKind {
  return (sourceKinds as readonly string[]).includes(value);
}

/** The company's page slug (`job_board_slug`, unique): its name in lower case, and a number if taken. */
async function freeSlug(db: Database, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'company';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.jobBoardSlug, slug))
      .limit(1);
    if (!taken) return slug;
  }
}

export function sourcesService(deps: SyncDeps) {
  const { db } = deps;

  async function add(
    kindText: string,
    boardText: string,
    options: { company?: string; workspace?: string } = {},
  ): Promise<{ source: SourceSummary; openJobs: number | null; readded: boolean }> {
    if (!isSourceKind(kindText))
      throw new SourceRefusal(`Unknown kind "${oneLine(kindText, 40)}": use greenhouse, lever or ashby.`);
    const kind = kindText;
    const board = boardText.trim();
    if (!boardName.test(board))
      throw new SourceRefusal(
        `"${oneLine(boardText, 100)}" is not a ${kind} board name: letters, digits, '.', '_' and '-' only (the last part of the board's address).`,
      );
    const company = options.company === undefined ? undefined : oneLine(options.company, 200);
    if (company === '') throw new SourceRefusal('--company must name the company.');
    const workspace = options.workspace?.trim();
    if (workspace !== undefined) {
      const [found] = await db.select().from(workspaces).where(eq(workspaces.slug, workspace)).limit(1);
      if (!found) {
        const known = (await db.select({ slug: workspaces.slug }).from(workspaces).orderBy(asc(workspaces.slug))).map(
          (row) => row.slug,
        );
        throw new SourceRefusal(
          `No workspace "${oneLine(workspace, 100)}"${known.length ? ` (the workspaces: ${known.join(', ')})` : ''}.`,
        );
      }
    }
    const [existing] = await db
      .select()
      .from(jobSources)
      .where(and(eq(jobSources.kind, kind), sql`lower(${jobSources.board}) = lower(${board})`))
      .limit(1);
    if (existing && !existing.removedAt)
      throw new SourceRefusal(`${kind}/${existing.board} is already source ${existing.id}.`);
    let openJobs: number | null;
    try {
      ({ openJobs } = await vendors[kind].probe(board, { http: deps.http, baseUrl: deps.vendorUrls[kind] }));
    } catch (error) {
      if (!(error instanceof VendorFailure)) throw error;
      throw new SourceRefusal(
        error.notFound
          ? `${kind} has no board "${board}" (its API answered 404): check the name in the board's address.`
          : `Could not check ${kind} board "${board}": ${error.reason}. Nothing was added.`,
      );
    }
    const id = await db.transaction(async (tx) => {
      if (existing) {
        // Added again: the same source and company, so its jobs come back under their old ids.
        // A claim left by a sync that died is no claim on the source added again.
        await tx
          .update(jobSources)
          .set({ removedAt: null, syncClaimedUntil: null })
          .where(eq(jobSources.id, existing.id));
        const changes = {
          ...(company ? { name: company } : {}),
          ...(workspace !== undefined ? { workspaceSlug: workspace } : {}),
        };
        if (Object.keys(changes).length > 0)
          await tx.update(organizations).set(changes).where(eq(organizations.id, existing.organizationId));
        return existing.id;
      }
      const name = company ?? board;
      const slug = await freeSlug(tx, name);
      const [organization] = await tx
        .insert(organizations)
        .values({ name, jobBoardSlug: slug, workspaceSlug: workspace ?? null, logo: `/public/logos/${slug}.svg` })
        .returning({ id: organizations.id });
      if (!organization) throw new Error('the company was not created');
      const [source] = await tx
        .insert(jobSources)
        .values({ kind, board, organizationId: organization.id })
        .returning({ id: jobSources.id });
      if (!source) throw new Error('the source was not created');
      return source.id;
    });
    boardWritten(db);
    const [source] = await list([id]);
    if (!source) throw new Error('the source was not created');
    return { source, openJobs, readded: existing !== undefined };
  }

  /** Every source (or those of `ids`), by id, with its company, open jobs and last sync. */
  async function list(ids?: number[]): Promise<SourceSummary[]> {
    const rows = await db
      .select({
        source: jobSources,
        company: organizations.name,
        workspace: organizations.workspaceSlug,
        openJobs: sql<number>`(select count(*) from ${jobPostings} where ${jobPostings.sourceId} = ${jobSources.id} and ${jobPostings.status} = 'published')::integer`,
      })
      .from(jobSources)
      .innerJoin(organizations, eq(jobSources.organizationId, organizations.id))
      .where(isNull(jobSources.removedAt))
      .orderBy(asc(jobSources.id));
    return rows
      .filter((row) => !ids || ids.includes(row.source.id))
      .map(({ source, company, workspace, openJobs }) => ({
        id: source.id,
        kind: source.kind,
        board: source.board,
        company,
        organization_id: source.organizationId,
        workspace,
        open_jobs: Number(openJobs),
        last_sync:
          source.lastSyncAt && source.lastSyncLine !== null
            ? { at: source.lastSyncAt.toISOString(), ok: source.lastSyncOk === true, line: source.lastSyncLine }
            : null,
      }));
  }

  /**
   * Removes a source: its open jobs close now (their pages answer 410), its company stays. Its claim
   * goes too: a sync under way finds the source removed at its write and writes nothing.
   */
  async function remove(id: number): Promise<{ source: SourceSummary; closed: number }> {
    const [source] = await list([id]);
    if (!source) throw new SourceRefusal(`No source ${id} (pnpm sources list shows them).`);
    const closed = await db.transaction(async (tx) => {
      await tx.select().from(jobSources).where(eq(jobSources.id, id)).for('update');
      await tx.update(jobSources).set({ removedAt: sql`now()`, syncClaimedUntil: null }).where(eq(jobSources.id, id));
      const rows = await tx
        .update(jobPostings)
        .set({ status: 'closed' })
        .where(and(eq(jobPostings.sourceId, id), eq(jobPostings.status, 'published')))
        .returning({ id: jobPostings.id });
      return rows.length;
    });
    boardWritten(db);
    return { source, closed };
  }

  /**
   * Syncs the sources named (every source when none is), one vendor's sources after the other and
   * the three vendors side by side (each vendor's host gets one request at a time anyway). A source
   * that fails, for whatever reason, fails alone: the next ones sync. Results in the order asked;
   * `onResult` hears each as it comes, and the log one line each (sync.ts).
   */
  async function sync(
    ids: number[] | null,
    options: { allowMassClose?: boolean; onResult?: (result: SyncResult) => void } = {},
  ): Promise<SyncResult[]> {
    const sources = await list();
    const wanted = ids ?? sources.map((source) => source.id);
    const results = new Map<number, SyncResult>();
    const byKind = new Map<string, number[]>();
    for (const id of wanted) {
      const kind = sources.find((source) => source.id === id)?.kind ?? 'unknown';
      byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
    }
    await Promise.all(
      [...byKind.values()].map(async (group) => {
        for (const id of group) {
          const result = await syncSource(deps, id, { allowMassClose: options.allowMassClose });
          results.set(id, result);
          options.onResult?.(result);
        }
      }),
    );
    return wanted.map((id) => results.get(id) as SyncResult);
  }

  return { add, list, remove, sync };
}

export type SourcesService = ReturnType<typeof sourcesService>;
