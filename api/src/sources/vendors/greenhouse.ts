import { oneLine } from '../../lib/clean-text';
import { timeSlice } from '../../lib/time-slice';
import { describeHtml } from '../description-pool';
import {
  aboutJob,
  atsIdOf,
  dateOf,
  field,
  type ImportedJob,
  jobTypeOf,
  list,
  locationOf,
  maxJobBytes,
  maxListBytes,
  pathSegment,
  requireCount,
  requireJob,
  urlOf,
  type Vendor,
  type VendorContext,
  workplaceInText,
} from '../imported-job';
import { type Salary, widest, yearlySalary } from '../salary';
import { VendorFailure } from '../vendor-http';
import { baseOf } from './base-url';

/**
 * Greenhouse's Job Board API (repository grnhse/greenhouse-api-docs, job-board/_jobs.md):
 * `GET /v1/boards/{token}/jobs?content=true` lists every open job post with its description
 * (`content`, HTML escaped once more), location, departments and offices, and `meta.total`. Pay is
 * only in one job's answer (`GET /v1/boards/{token}/jobs/{id}?pay_transparency=true`,
 * `pay_input_ranges` in cents), so it is read for a job that is new or whose `updated_at` moved,
 * and kept otherwise. Workplace and employment type are in the text and the custom `metadata`.
 */
export const greenhouse: Vendor = {
  kind: 'greenhouse',
  boardUrl: (board) => `https://boards.greenhouse.io/${encodeURIComponent(board)}`,
  async probe(board, context) {
    const url = `${baseOf(context.baseUrl)}/v1/boards/${pathSegment(board)}/jobs`;
    const jobs = field(await context.http.json(url, maxListBytes), 'jobs');
    if (!Array.isArray(jobs)) throw new VendorFailure('malformed answer: no jobs list');
    return { openJobs: jobs.length };
  },
  async jobs(board, context) {
    const base = `${baseOf(context.baseUrl)}/v1/boards/${pathSegment(board)}/jobs`;
    const body = await context.http.json(`${base}?content=true`, maxListBytes);
    const items = field(body, 'jobs');
    if (!Array.isArray(items)) throw new VendorFailure('malformed answer: no jobs list');
    const total = field(field(body, 'meta'), 'total');
    if (typeof total === 'number' && total !== items.length)
      throw new VendorFailure(`partial answer: ${items.length} of the ${total} jobs it counts`);
    // Counted, and every job's id and title checked, before the first request about one job: an
    // answer the sync would refuse costs no request per job.
    requireCount(items.length);
    const named = items.map((item, index) => requireJob(item, index, 'id', 'title'));
    const jobs: ImportedJob[] = [];
    const slice = timeSlice();
    for (const [index, item] of items.entries()) {
      await slice();
      const { id, title } = named[index] as { id: string; title: string };
      const updatedAt = oneLine(field(item, 'updated_at'), 60) || null;
      // The description is sanitized on its thread while the pay is read.
      const [salary, description] = await aboutJob(id, () =>
        Promise.all([
          payOf(id, updatedAt, base, context),
          describeHtml(field(item, 'content'), { entityEscaped: true }),
        ]),
      );
      jobs.push({
        atsId: id,
        title,
        ...placeOf(item),
        ...metadataOf(item),
        salary,
        description,
        // No publication date in the documented answer; `first_published` where a live answer has it.
        postedAt: dateOf(field(item, 'first_published')),
        applicationUrl: urlOf(field(item, 'absolute_url')),
        atsUpdatedAt: updatedAt,
      });
    }
    return jobs;
  },
};

function placeOf(item: unknown): Pick<ImportedJob, 'location' | 'workplaceType' | 'placeFields'> {
  const named = oneLine(field(field(item, 'location'), 'name'), 300);
  // Without a location name, the offices the post is in (the leaves of the office tree).
  const offices = list(field(item, 'offices')).filter((office) => list(field(office, 'child_ids')).length === 0);
  const location = named || locationOf(offices.map((office) => field(office, 'name')));
  // An office's own location ('San Francisco, CA') says more than its name ('HQ'); read only where
  // the post names no location, which says where the job is better than the company's offices do.
  const officePlaces = offices.map((office) => oneLine(field(office, 'location'), 200) || null);
  return {
    location: location || null,
    workplaceType: workplaceInText(location),
    placeFields: named ? {} : { locations: officePlaces },
  };
}

/** Custom fields a board chose to publish: an employment type, a level, a closing date, by their names. */
function metadataOf(item: unknown): Pick<ImportedJob, 'jobType' | 'level' | 'validThrough'> {
  let jobType: string | null = null;
  let level: string | null = null;
  let validThrough: Date | null = null;
  for (const entry of list(field(item, 'metadata'))) {
    const name = oneLine(field(entry, 'name'), 100).toLowerCase();
    const value = field(entry, 'value');
    if (typeof value !== 'string') continue;
    if (/employment type|job type|commitment|contract type/.test(name)) jobType ??= jobTypeOf(value);
    else if (/\blevel\b|seniority/.test(name)) level ??= oneLine(value, 60) || null;
    else if (/deadline|closing date|close date|apply by|valid through|expir/.test(name)) validThrough ??= dateOf(value);
  }
  return { jobType, level, validThrough };
}

/** The job's pay: kept while its `updated_at` is the one it was read at, else read from the job's own answer. */
async function payOf(
  id: string,
  updatedAt: string | null,
  base: string,
  context: VendorContext,
): Promise<Salary | null> {
  const known = context.known.get(id);
  if (known && updatedAt !== null && known.atsUpdatedAt === updatedAt) return known.salary;
  let body: unknown;
  try {
    body = await context.http.json(`${base}/${pathSegment(id)}?pay_transparency=true`, maxJobBytes);
  } catch (error) {
    if (error instanceof VendorFailure) throw new VendorFailure(`reading the pay of job ${id}: ${error.reason}`);
    throw error;
  }
  if (atsIdOf(field(body, 'id')) !== id) throw new VendorFailure(`malformed answer for job ${id}`);
  return widest(
    list(field(body, 'pay_input_ranges')).map((range) => {
      const cents = (key: string) => {
        const value = field(range, key);
        return typeof value === 'number' ? value / 100 : null;
      };
      // Greenhouse's pay ranges are yearly, in cents.
      return yearlySalary(cents('min_cents'), cents('max_cents'), field(range, 'currency_type'), 'year');
    }),
  );
}
