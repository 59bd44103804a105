import { oneLine } from '../../lib/clean-text';
import { descriptionFromText } from '../description';
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
import { type PayInterval, widest, yearlySalary } from '../salary';
import { VendorFailure } from '../vendor-http';
import { baseOf } from './base-url';

/**
 * Ashby's public job posting API (developers.ashbyhq.com, "Public Job Posting API"):
 * `GET /posting-api/job-board/{name}?includeCompensation=true` answers every published job at once
 * (no paging). A job with `isListed: false` is reachable by its link but not listed: not on the
 * board either. Pay is in `compensation.compensationTiers[].components`, the `Salary` ones, each
 * with its interval ("1 YEAR", "1 HOUR").
 */
export const ashby: Vendor = {
  kind: 'ashby',
  boardUrl: (board) => `https://jobs.ashbyhq.com/${encodeURIComponent(board)}`,
  async probe(board, context) {
    const items = field(await context.http.json(listUrl(board, context.baseUrl), maxListBytes), 'jobs');
    if (!Array.isArray(items)) throw new VendorFailure('malformed answer: no jobs list');
    return { openJobs: items.filter((item) => field(item, 'isListed') !== false).length };
  },
  async jobs(board, context) {
    const body = await context.http.json(listUrl(board, context.baseUrl), maxListBytes);
    const items = field(body, 'jobs');
    if (!Array.isArray(items)) throw new VendorFailure('malformed answer: no jobs list');
    requireCount(items.length);
    const listed = await mapYielding(items, (item, index) =>
      field(item, 'isListed') === false ? null : toJob(item, index),
    );
    return listed.filter((job): job is ImportedJob => job !== null);
  },
};

const listUrl = (board: string, baseUrl: string) =>
  `${baseOf(baseUrl)}/posting-api/job-board/${pathSegment(board)}?includeCompensation=true`;

const employmentTypes: Record<string, string> = {
  FullTime: 'Full-time',
  PartTime: 'Part-time',
  Intern: 'Internship',
  Contract: 'Contract',
  Temporary: 'Temporary',
};

async function toJob(item: unknown, index: number): Promise<ImportedJob> {
  const { id, title } = requireJob(item, index, 'id', 'title');
  return aboutJob(id, () => jobOf(item, id, title));
}

async function jobOf(item: unknown, id: string, title: string): Promise<ImportedJob> {
  const secondary = list(field(item, 'secondaryLocations')).map((entry) => field(entry, 'location'));
  const employment = field(item, 'employmentType');
  const html = field(item, 'descriptionHtml');
  return {
    atsId: id,
    title,
    location: locationOf([field(item, 'location'), ...secondary]),
    workplaceType: workplaceOf(field(item, 'workplaceType'), field(item, 'isRemote')),
    placeFields: {
      isRemote: field(item, 'isRemote') === true ? true : null,
      locations: secondary.map((entry) => oneLine(entry, 200)),
      addresses: [
        field(item, 'address'),
        ...list(field(item, 'secondaryLocations')).map((entry) => field(entry, 'address')),
      ].map(addressOf),
    },
    jobType: typeof employment === 'string' ? (employmentTypes[employment] ?? jobTypeOf(employment)) : null,
    level: null,
    salary: salaryOf(field(item, 'compensation')),
    description:
      typeof html === 'string' && html.trim()
        ? await describeHtml(html)
        : descriptionFromText(field(item, 'descriptionPlain')),
    postedAt: dateOf(field(item, 'publishedAt')),
    validThrough: null,
    applicationUrl: urlOf(field(item, 'applyUrl')) ?? urlOf(field(item, 'jobUrl')),
    atsUpdatedAt: null,
  };
}

/** An address's `postalAddress` (addressLocality, addressRegion, addressCountry), as text. */
function addressOf(address: unknown) {
  const postal = field(address, 'postalAddress');
  if (postal === undefined || postal === null) return null;
  return {
    locality: oneLine(field(postal, 'addressLocality'), 200) || null,
    region: oneLine(field(postal, 'addressRegion'), 200) || null,
    country: oneLine(field(postal, 'addressCountry'), 200) || null,
  };
}

function workplaceOf(value: unknown, isRemote: unknown): ImportedJob['workplaceType'] {
  if (value === 'Remote') return 'Remote';
  if (value === 'Hybrid') return 'Hybrid';
  if (value === 'OnSite') return 'On-site';
  // Before workplaceType (2026), only isRemote said it.
  return isRemote === true ? 'Remote' : null;
}

/** The Salary components of every tier, as yearly amounts: the widest range of the first currency. */
function salaryOf(compensation: unknown) {
  const components = list(field(compensation, 'compensationTiers')).flatMap((tier) => list(field(tier, 'components')));
  return widest(
    components
      .filter((component) => field(component, 'compensationType') === 'Salary')
      .map((component) => {
        const interval = /^(\d+)\s+(HOUR|DAY|WEEK|MONTH|YEAR)S?$/i.exec(oneLine(field(component, 'interval'), 30));
        if (!interval) return null;
        return yearlySalary(
          field(component, 'minValue'),
          field(component, 'maxValue'),
          field(component, 'currencyCode'),
          (interval[2] ?? 'YEAR').toLowerCase() as PayInterval,
          Number(interval[1]),
        );
      }),
  );
}
