import { DescriptionBlocksWire } from '@board/shared/api/description-blocks';
import { worldRegions } from '@board/shared/places/types';
import * as v from 'valibot';

/**
 * The job as this API sends it (SPEC section 3, snake_case, with the board's extensions): the one
 * contract that the API's serializer is typed against, the board's reading is derived from
 * (job.ts) and the OpenAPI document is generated from. Every key is required: a key renamed or
 * dropped on either side fails the type check, and an answer that breaks it fails the wire tests.
 */

/** An id of this API: a positive integer (another platform's may be strings: the board reads both). */
export const wireId = v.pipe(v.number(), v.integer(), v.minValue(1));

/** Text a date parser reads: an instant as ISO 8601 (the API writes `toISOString()`). */
export const isDateText = (value: string) => !Number.isNaN(Date.parse(value));

/** A point in time (the OpenAPI document says `date-time`); text no date parser reads breaks it. */
export const wireDate = v.pipe(v.string(), v.check(isDateText));

const text = v.nullable(v.string());
const texts = v.array(v.string());
/** An amount as the company gives it: text ('42M') or a number. */
const amount = v.nullable(v.union([v.string(), v.number()]));

/** A team member as call 5 sends it (calls 1 and 4: as the platform stores it). */
export const TeamMemberWire = v.strictObject({ name: v.string(), title: v.string(), bio: v.string(), avatar: text });

/** A company's funding: amounts as the company's profile gives them ('12M', '1.5M', '2,345,000'). */
export const FundingWire = v.strictObject({
  total_funding_amount: amount,
  last_round_amount: amount,
  last_round_type: text,
  last_round_date: text,
});

/** A company's investors, all of them and those of its last round. */
export const InvestorsWire = v.strictObject({ all: texts, last_round: texts });

/**
 * A place the job names (shared/src/places/types.ts: Place): a country (ISO 3166-1 alpha-2), and
 * where the posting says so a city and a region (ISO 3166-2) with the region's English name.
 */
export const PlaceWire = v.strictObject({ city: text, region: text, region_name: text, country: v.string() });

/**
 * Where a remote job may be done from: anywhere, the countries and world regions it names, or
 * 'not-stated' when it says remote and no more. null on a job that is not remote.
 */
export const RemoteEligibilityWire = v.union([
  v.strictObject({ kind: v.literal('worldwide') }),
  v.strictObject({ kind: v.literal('areas'), countries: texts, regions: v.array(v.picklist(worldRegions)) }),
  v.strictObject({ kind: v.literal('not-stated') }),
]);

/**
 * A table of English names by country code (`{ "DE": "Germany" }`). Its own check rather than
 * valibot's `record`, which every page would carry for this one key; the OpenAPI document states it
 * as an object of strings (openapi-document.ts).
 */
export const isNameTable = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((name) => typeof name === 'string');
export const NameTableWire = v.custom<Record<string, string>>(isNameTable, 'must be an object of names by code');

/** Working hours' time zones as UTC offsets in hours ('UTC-5 to UTC+1': from -5, to 1). */
export const TimeZoneBandWire = v.strictObject({ from: v.number(), to: v.number() });

const visaSponsorships = ['yes', 'no', 'not-stated'] as const;

/** The keys every job carries, whichever call sends it. */
const jobEntries = {
  id: wireId,
  title: v.string(),
  organization_id: wireId,
  organization_name: v.string(),
  location: text,
  salary_min: v.nullable(v.number()),
  salary_max: v.nullable(v.number()),
  salary_currency: text,
  short_description: text,
  job_type: text,
  workplace_type: text,
  level: text,
  requirements: texts,
  skills: texts,
  benefits: texts,
  application_url: text,
  company_overview: text,
  funding: v.nullable(FundingWire),
  investors: v.nullable(InvestorsWire),
  equity: v.nullable(
    v.strictObject({
      type: text,
      percentage: text,
      cliff_period: text,
      vesting_period: text,
      additional_details: text,
    }),
  ),
  /** An absolute URL, or null. */
  logo: text,
  /** The company's own site (http or https; this API's, from its profile), or null. */
  company_website: text,
  initial_projects: v.nullable(texts),
  /** Where the job is, read from its location and its ATS's fields (empty: no place was read). */
  places: v.array(PlaceWire),
  remote_eligibility: v.nullable(RemoteEligibilityWire),
  time_zones: v.nullable(TimeZoneBandWire),
  /**
   * The English name of each country the places and the remote eligibility name, by code: a page
   * carries no table of names.
   */
  country_names: NameTableWire,
  /** From the ATS's field, else the description's own words; 'not-stated' is never 'no'. */
  visa_sponsorship: v.picklist(visaSponsorships),
};

/**
 * Call 1's job (and a page's): no long description (cards never show it), `posted_date`, and team
 * members as the platform stores them: mostly "name, title, bio" strings, sometimes malformed, which
 * the board parses and drops (SPEC section 3).
 */
export const JobListItemWire = v.strictObject({
  ...jobEntries,
  posted_date: v.nullable(wireDate),
  team_members: v.array(v.unknown()),
});

/**
 * Call 4's job: call 1's and the long `description`, the imported description as safe blocks
 * (null: `description` is the text), the last day to apply, and when the job closed (set only with
 * `include_closed=true`).
 */
export const JobDetailWire = v.strictObject({
  ...JobListItemWire.entries,
  description: text,
  description_blocks: v.nullable(DescriptionBlocksWire),
  valid_through: v.nullable(wireDate),
  closed_at: v.nullable(wireDate),
});

/** Call 5's job: `published_at` instead of `posted_date`, the long `description`, team members as objects. */
export const OrganizationJobWire = v.strictObject({
  ...jobEntries,
  description: text,
  published_at: v.nullable(wireDate),
  team_members: v.array(TeamMemberWire),
});

export type JobListItemBody = v.InferInput<typeof JobListItemWire>;
export type JobDetailBody = v.InferInput<typeof JobDetailWire>;
export type OrganizationJobBody = v.InferInput<typeof OrganizationJobWire>;
/** The keys every job carries (what the serializer builds once for the three calls). */
export type JobCommonBody = Omit<JobListItemBody, 'posted_date' | 'team_members'>;
