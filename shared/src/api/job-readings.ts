import { whereBody } from '@board/shared/api/job-where-body';
import { readPlaces } from '@board/shared/places/read-places';
import { namePlaces } from '@board/shared/places/subdivisions';
import type { PlaceInput, PlaceReading } from '@board/shared/places/types';
import { readVisaSponsorship } from '@board/shared/places/visa';

/**
 * A job's location and description read into the wire's keys (job-where-body.ts: places, remote
 * eligibility, time zones, visa sponsorship). The API stores its jobs' readings; the shell's
 * server reads another platform's jobs with this as they come, before a page uses them. Server
 * only: the gazetteer reads a file.
 */

/** Readings by location text and workplace type: a board's jobs share a few dozen locations. */
const readings = new Map<string, PlaceReading>();
const maxReadings = 5_000;

function reading(input: PlaceInput): PlaceReading {
  const key = `${input.workplaceType ?? ''}\n${input.text ?? ''}`;
  const known = readings.get(key);
  if (known) return known;
  const read = readPlaces(input);
  if (readings.size >= maxReadings) readings.clear();
  readings.set(key, read);
  return read;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The wire's reading keys of a job as SPEC section 3 sends it (location, workplace_type, description). */
function readJobBody(job: Record<string, unknown>) {
  const read = reading({ text: text(job.location), workplaceType: text(job.workplace_type) });
  const description = [text(job.short_description), text(job.description)].filter(Boolean).join('\n');
  return whereBody(
    { places: namePlaces(read.places), remote: read.remote, timeZones: read.timeZones },
    readVisaSponsorship(description),
  );
}

const isJob = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('places' in value);

/**
 * An answer of calls 1, 4 or 5 with every job that has no `places` read (another platform's API
 * sends none; ours sends its own, which are kept): `{ jobs: [...] }`, or one job.
 */
export function withJobReadings(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const jobs = (body as { jobs?: unknown }).jobs;
  if (Array.isArray(jobs)) {
    if (!jobs.some(isJob)) return body;
    return { ...body, jobs: jobs.map((job) => (isJob(job) ? { ...job, ...readJobBody(job) } : job)) };
  }
  if (isJob(body) && 'title' in body) return { ...body, ...readJobBody(body) };
  return body;
}
