import type { FacetCount, JobFacets } from '@board/shared/api/page-bodies';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobPostings, organizations } from '../db/job-board-tables';
import { selectRows } from '../db/select-rows';
import { inScope, type Scope } from './visible';

/** A scope's facets and how many jobs it holds (the total of a search without filters). */
export interface ScopeFacets {
  total: number;
  facets: JobFacets;
}

/**
 * The filter panel's options over the whole scope (never the filtered jobs), read as index-only
 * scans of the whole scope by design: what the alerts' digests compare with, once per run
 * (caches.ts). Call 1 counts the same over its search index (index-facets.ts).
 */
export async function scopeFacets(db: Database, scope: Scope): Promise<ScopeFacets> {
  const where = inScope(scope);
  const countBy = (column: SQL, extra: SQL = sql``) =>
    selectRows<{ value: string; count: number | string }>(
      db,
      sql`select ${column} as value, count(*)::integer as count from ${jobPostings} where ${where} ${extra} group by 1 order by 2 desc, 1`,
    );
  const [totals, jobTypes, levels, workplaces, locations, investors] = await Promise.all([
    selectRows<{ total: number | string; min: number | null; max: number | null }>(
      db,
      sql`select count(*)::integer as total, min(${jobPostings.salaryFirstK}) as min, max(${jobPostings.salaryFirstK}) as max from ${jobPostings} where ${where}`,
    ),
    countBy(sql`${jobPostings.jobTypeShown}`),
    countBy(sql`${jobPostings.levelShown}`, sql`and ${jobPostings.levelShown} <> ''`),
    countBy(sql`${jobPostings.workplaceShown}`, sql`and ${jobPostings.workplaceShown} <> ''`),
    selectRows<{ value: string; count: number | string }>(
      db,
      sql`select ${jobPostings.locationShown} as value, count(*)::integer as count from ${jobPostings} where ${where} group by 1 order by 2 desc, 1 limit 200`,
    ),
    selectRows<{ name: string; count: number | string }>(
      db,
      sql`select investor.name, sum(jobs)::integer as count from (select ${jobPostings.organizationId} as id, count(*) as jobs from ${jobPostings} where ${where} group by 1) as hiring join ${organizations} on ${organizations.id} = hiring.id cross join unnest(${organizations.investorNames}) as investor(name) group by investor.name`,
    ),
  ]);
  const [total] = totals;
  const counts = (rows: { value: string; count: number | string }[]): FacetCount[] =>
    rows.map((row) => ({ value: row.value, count: Number(row.count) }));
  return {
    total: Number(total?.total ?? 0),
    facets: {
      investors: investors
        .map((row) => ({ name: row.name, count: Number(row.count) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      salary_k:
        total?.min === null || total?.min === undefined || total.max === null
          ? null
          : { min: Number(total.min), max: Number(total.max) },
      job_types: counts(jobTypes),
      levels: counts(levels),
      workplace_types: counts(workplaces),
      locations: counts(locations),
    },
  };
}
