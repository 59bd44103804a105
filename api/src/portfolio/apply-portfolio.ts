import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { boardWritten } from '../board-changes/board-written';
import type { Database } from '../db/database';
import { jobPostings, jobSources, organizations, workspaces } from '../db/job-board-tables';
import { logos } from '../db/logo-tables';
import { logoPath, organizationColumns } from './board-companies';
import { type BoardState, readBoardState } from './board-state';
import type { Portfolio } from './model';
import { type CompanyPlan, planLine, planPortfolio } from './plan';
import { fileLogos } from './portfolio-logos';
import type { SiteReader } from './site-reader';
import type { Path } from './validate';

/**
 * Applying a portfolio file to the board: the board's own checks of the file (its workspaces),
 * its logos made, the plan (plan.ts), then every company's change in one transaction, and the
 * board's readers told (board-written.ts). docs/decisions/039 and 042.
 */
export interface ApplyOptions {
  dryRun?: boolean;
  prune?: boolean;
  /** Prune even when the file leaves out more than half of the board's companies (see `massRemoval`). */
  allowMassRemove?: boolean;
  /** The bytes of the logos beside the file, by the path the file gives. */
  logoFiles?: ReadonlyMap<string, Uint8Array>;
}

/** A problem of the file the board finds: `fatal` ones change nothing; a logo's is the logo's alone. */
export interface ApplyProblem {
  path: Path;
  message: string;
  fatal: boolean;
}

export interface ApplyResult {
  lines: string[];
  problems: ApplyProblem[];
  /** Sources added or attached (their jobs arrive at their sync), and the companies whose site to read. */
  sourceIds: number[];
  toEnrich: string[];
  /** Why the apply was held and changed nothing (a dry run: why applying would be). */
  held: string | null;
}

export async function applyPortfolio(
  db: Database,
  reader: SiteReader,
  file: Portfolio,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const state = await readBoardState(db);
  const fatal = await workspaceProblems(db, file);
  if (fatal.length > 0) return { lines: [], problems: fatal, sourceIds: [], toEnrich: [], held: null };
  const fromFile = await fileLogos(file, state.bySlug, options.logoFiles ?? new Map(), reader);
  const problems: ApplyProblem[] = fromFile.problems.map((problem) => ({
    path: ['companies', problem.company, 'logo'],
    message: problem.message,
    fatal: false,
  }));
  const plans = planPortfolio(fromFile.portfolio, state.board, { prune: options.prune }).filter(
    (plan) => plan.action !== 'removed' || stillListed(state, plan),
  );
  const lines = plans.map(planLine);
  const held = options.allowMassRemove ? null : massRemoval(state, plans, options.dryRun === true);
  if (options.dryRun) return { lines, problems, sourceIds: [], toEnrich: [], held };
  if (held) return { lines: [], problems: [], sourceIds: [], toEnrich: [], held };

  const sourceIds: number[] = [];
  await db.transaction(async (tx) => {
    for (const logo of new Map(fromFile.made.map((made) => [made.hash, made])).values())
      await tx.insert(logos).values({ hash: logo.hash, png: logo.png }).onConflictDoNothing();
    // Every company created or updated in one statement: a portfolio of 500 is one round trip.
    const written = plans.flatMap((plan) =>
      plan.action === 'created' || plan.action === 'updated' ? [rowOf(plan, state, fromFile.resolved)] : [],
    );
    const ids = new Map<string, number>();
    for (const entry of state.stored) ids.set(entry.company.slug, entry.id);
    if (written.length > 0) {
      const rows = await tx
        .insert(organizations)
        .values(written)
        .onConflictDoUpdate({ target: organizations.jobBoardSlug, set: excludedColumns(written[0] ?? {}) })
        .returning({ id: organizations.id, slug: organizations.jobBoardSlug });
      for (const row of rows) ids.set(row.slug, row.id);
    }
    const added = plans.flatMap((plan) =>
      plan.sources.add.map((source) => ({ ...source, organizationId: ids.get(plan.slug) ?? 0 })),
    );
    if (added.length > 0)
      sourceIds.push(
        ...(await tx.insert(jobSources).values(added).returning({ id: jobSources.id })).map((row) => row.id),
      );
    for (const plan of plans) {
      const id = ids.get(plan.slug);
      if (id === undefined) throw new Error(`the company ${plan.slug} was not written`);
      sourceIds.push(...(await moveSources(tx, id, plan)));
      if (plan.action === 'removed')
        await tx
          .update(jobPostings)
          .set({ status: 'closed' })
          .where(and(eq(jobPostings.organizationId, id), eq(jobPostings.status, 'published')));
    }
  });
  boardWritten(db);
  // A site is read when there is a new one to read: a company created, or given a website; and a
  // new Greenhouse board's intro.
  const toEnrich = plans.flatMap((plan) => {
    if (plan.action === 'removed') return [];
    const newSite = plan.company.website !== null && (plan.action === 'created' || plan.changed.includes('website'));
    const newIntro = [...plan.sources.add, ...plan.sources.attach].some((source) => source.kind === 'greenhouse');
    return newSite || newIntro ? [plan.slug] : [];
  });
  return { lines, problems, sourceIds, toEnrich, held: null };
}

/** A company the file leaves out is pruned while it still shows jobs or imports them. */
function stillListed(state: BoardState, plan: CompanyPlan): boolean {
  return plan.sources.remove.length > 0 || (state.openJobs.get(plan.slug) ?? 0) > 0;
}

/**
 * A prune that would remove more than half of the companies that show or import jobs is held,
 * as a sync that would close more than half of a source's jobs is: an empty or cut-off file (a
 * CSV with only its header row) would otherwise close every job on the board.
 */
function massRemoval(state: BoardState, plans: CompanyPlan[], dryRun: boolean): string | null {
  const removed = plans.filter((plan) => plan.action === 'removed').length;
  const active = new Set(state.board.sources.filter((source) => !source.removed).map((source) => source.company));
  const listed = state.board.companies.filter(
    (company) => active.has(company.slug) || (state.openJobs.get(company.slug) ?? 0) > 0,
  ).length;
  if (removed === 0 || removed * 2 <= listed) return null;
  const what = `the file would remove ${removed} of the board's ${listed} companies with jobs or sources`;
  return dryRun
    ? `held: ${what}, so applying it would change nothing; if they did leave, add --allow-mass-remove`
    : `held: ${what}, so nothing was changed; if they did leave, apply it again with --allow-mass-remove`;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A company's row as the plan writes it; its logo's columns only when its logo changed. */
function rowOf(
  plan: Extract<CompanyPlan, { company: unknown }>,
  state: BoardState,
  resolved: Map<string, { source: string; digest: string }>,
) {
  const current = state.bySlug.get(plan.slug);
  const hash = plan.company.logo;
  const logoChanged = !current || plan.changed.includes('logo');
  const file = resolved.get(plan.slug);
  return {
    ...organizationColumns(plan.company),
    jobBoardSlug: plan.slug,
    logo: logoChanged ? logoPath(plan.slug, hash) : current.logoColumn,
    logoHash: hash,
    logoSource: !logoChanged ? current.logoSource : hash === null ? null : (file?.source ?? null),
    logoSourceDigest: !logoChanged ? current.logoSourceDigest : hash === null ? null : (file?.digest ?? null),
  };
}

/** `set` of an upsert: every column written, from the row proposed (`excluded`). */
function excludedColumns(row: Record<string, unknown>) {
  const columns = getTableColumns(organizations);
  return Object.fromEntries(
    Object.keys(row)
      .filter((key) => key !== 'jobBoardSlug')
      .map((key) => {
        const column = columns[key as keyof typeof columns];
        return [key, sql.raw(`excluded."${column.name}"`)];
      }),
  );
}

/** The plan's sources the board has: attached (moved or added again, never made twice), removed (their open jobs closed). */
async function moveSources(tx: Transaction, organizationId: number, plan: CompanyPlan): Promise<number[]> {
  const ids: number[] = [];
  const sameSource = (kind: string, board: string) =>
    and(eq(jobSources.kind, kind as never), sql`lower(${jobSources.board}) = lower(${board})`);
  for (const source of plan.sources.attach) {
    const rows = await tx
      .update(jobSources)
      .set({ organizationId, removedAt: null, syncClaimedUntil: null })
      .where(sameSource(source.kind, source.board))
      .returning({ id: jobSources.id });
    ids.push(...rows.map((row) => row.id));
    // Its jobs are the company's now too.
    if (rows.length > 0)
      await tx
        .update(jobPostings)
        .set({ organizationId })
        .where(
          inArray(
            jobPostings.sourceId,
            rows.map((row) => row.id),
          ),
        );
  }
  for (const source of plan.sources.remove) {
    const rows = await tx
      .update(jobSources)
      .set({ removedAt: sql`now()`, syncClaimedUntil: null })
      .where(and(sameSource(source.kind, source.board), isNull(jobSources.removedAt)))
      .returning({ id: jobSources.id });
    if (rows.length > 0)
      await tx
        .update(jobPostings)
        .set({ status: 'closed' })
        .where(
          and(
            inArray(
              jobPostings.sourceId,
              rows.map((row) => row.id),
            ),
            eq(jobPostings.status, 'published'),
          ),
        );
  }
  return ids;
}

/** The board lists a company on the general board and on at most one workspace's, which must exist. */
async function workspaceProblems(db: Database, file: Portfolio): Promise<ApplyProblem[]> {
  const known = (await db.select({ slug: workspaces.slug }).from(workspaces)).map((row) => row.slug).sort();
  const problems: ApplyProblem[] = [];
  for (const [index, company] of file.companies.entries()) {
    const path = ['companies', index, 'workspaces'];
    if (company.workspaces.length > 1)
      problems.push({
        path,
        message: 'the board lists a company on one workspace besides the general one',
        fatal: true,
      });
    for (const slug of company.workspaces)
      if (!known.includes(slug))
        problems.push({
          path,
          message: `"${slug}" is not a workspace of the board (the workspaces: ${known.join(', ') || 'none'})`,
          fatal: true,
        });
  }
  return problems;
}
