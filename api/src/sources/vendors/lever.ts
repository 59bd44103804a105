import { escapeText } from 'entities';
import { oneLine } from '../../lib/clean-text';
import { descriptionFromText, type ImportedDescription } from '../description';
import { describeHtml } from '../description-pool';
import {
  aboutJob,
  dateOf,
  field,
  type ImportedJob,
  jobTypeOf,
  list,
  locationOf,
  mapYielding,
  maxListBytes,
  pathSegment,
  requireCount,
  requireJob,
  urlOf,
  type Vendor,
} from '../imported-job';
import { type PayInterval, yearlySalary } from '../salary';
import { VendorFailure } from '../vendor-http';
import { baseOf } from './base-url';

/** Postings asked for per page (Lever documents no largest `limit`; a smaller one it applies still works). */
export const leverPageSize = 100;

/**
 * Lever's Postings API (repository lever/postings-api, README): `GET /v0/postings/{site}?mode=json`
 * lists the site's published postings, a page at a time with `skip` and `limit`. Consecutive pages
 * overlap by one posting: each page starts at the previous page's last, which must still be there,
 * or the list moved while it was read (a posting closed or added in between would shift the pages
 * and hide one). The list ends with a page holding nothing after that one posting, whatever page
 * size the server applies. A list that moved is read again; twice in a row, the sync fails and
 * closes nothing.
 */
export const lever: Vendor = {
  kind: 'lever',
  boardUrl: (board) => `https://jobs.lever.co/${encodeURIComponent(board)}`,
  async probe(board, context) {
    const page = await context.http.json(
      `${baseOf(context.baseUrl)}/v0/postings/${pathSegment(board)}?mode=json&skip=0&limit=1`,
      maxListBytes,
    );
    if (!Array.isArray(page)) throw new VendorFailure('malformed answer: not a list of postings');
    return { openJobs: null };
  },
  async jobs(board, context) {
    const base = `${baseOf(context.baseUrl)}/v0/postings/${pathSegment(board)}?mode=json`;
    for (let read = 1; ; read++) {
      const postings = await readAll(base, context.http);
      if (postings) return mapYielding(postings, toJob);
      if (read >= 2) throw new VendorFailure('the list changed while it was read, twice; read again at the next sync');
    }
  },
};

/** Every posting, page by page; null when the pages do not join up. */
async function readAll(base: string, http: { json(url: string, maxBytes: number): Promise<unknown> }) {
  const postings: unknown[] = [];
  let skip = 0;
  let previousLast: string | null = null;
  for (;;) {
    const page = await http.json(`${base}&skip=${skip}&limit=${leverPageSize}`, maxListBytes);
    if (!Array.isArray(page)) throw new VendorFailure('malformed answer: not a list of postings');
    let fresh = page;
    if (previousLast !== null) {
      const first = page[0];
      if (first === undefined || requireJob(first, skip, 'id', 'text').id !== previousLast) return null;
      fresh = page.slice(1);
    }
    if (fresh.length === 0) return postings;
    requireCount(postings.length + fresh.length);
    for (const posting of fresh) postings.push(posting);
    previousLast = requireJob(page.at(-1), skip + page.length - 1, 'id', 'text').id;
    skip += page.length - 1;
  }
}

async function toJob(item: unknown, index: number): Promise<ImportedJob> {
  const { id, title } = requireJob(item, index, 'id', 'text');
  return aboutJob(id, () => jobOf(item, id, title));
}

async function jobOf(item: unknown, id: string, title: string): Promise<ImportedJob> {
  const categories = field(item, 'categories');
  const all = list(field(categories, 'allLocations'));
  return {
    atsId: id,
    title,
    location: locationOf([field(categories, 'location'), ...all]),
    workplaceType: workplaceOf(field(item, 'workplaceType')),
    placeFields: {
      countryCode: oneLine(field(item, 'country'), 60) || null,
      locations: all.map((entry) => oneLine(entry, 200)),
    },
    jobType: jobTypeOf(field(categories, 'commitment')),
    level: oneLine(field(categories, 'level'), 60) || null,
    salary: salaryOf(field(item, 'salaryRange')),
    description: await descriptionOf(item),
    postedAt: dateOf(field(item, 'createdAt')),
    validThrough: null,
    applicationUrl: urlOf(field(item, 'applyUrl')) ?? urlOf(field(item, 'hostedUrl')),
    atsUpdatedAt: null,
  };
}

function workplaceOf(value: unknown): ImportedJob['workplaceType'] {
  if (value === 'remote') return 'Remote';
  if (value === 'hybrid') return 'Hybrid';
  if (value === 'on-site') return 'On-site';
  return null;
}

/** `salaryRange` {currency, interval, min, max}; the interval as Lever writes it ('per-year-salary', 'per-hour-wage'). */
function salaryOf(range: unknown) {
  const interval = /per-(hour|day|week|month|year)/.exec(String(field(range, 'interval') ?? ''))?.[1];
  if (!interval) return null;
  return yearlySalary(field(range, 'min'), field(range, 'max'), field(range, 'currency'), interval as PayInterval);
}

/** The opening and body (`description`), then each of `lists` under its name, then `additional`. */
async function descriptionOf(item: unknown): Promise<ImportedDescription> {
  const description = field(item, 'description');
  const lists = list(field(item, 'lists'))
    .map((entry) => {
      const name = oneLine(field(entry, 'text'), 200);
      const content = field(entry, 'content');
      return `${name ? `<h3>${escapeText(name)}</h3>` : ''}<ul>${typeof content === 'string' ? content : ''}</ul>`;
    })
    .join('');
  const additional = field(item, 'additional');
  const html = [description, lists, additional].filter((part) => typeof part === 'string' && part.trim()).join('');
  if (html) return describeHtml(html);
  return descriptionFromText(field(item, 'descriptionPlain'));
}
