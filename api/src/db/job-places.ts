import { readPlaces } from '@board/shared/places/read-places';
import { namePlaces } from '@board/shared/places/subdivisions';
import type { PlaceInput, PlaceReading } from '@board/shared/places/types';
import { readVisaSponsorship } from '@board/shared/places/visa';
import { workFromTokens } from '@board/shared/places/work-from';
import type { jobPostings } from './job-board-tables';

type JobRow = typeof jobPostings.$inferSelect;

/**
 * A job's readings, the columns stored with it (docs/decisions/043-job-places.md): its places,
 * remote eligibility and time zones from its location and its ATS's fields, its visa sponsorship
 * from the ATS's field or its description's words, and the tokens "I can work from" reads. Every
 * writer of a job's location writes them with it: the sync, the seed, the benches' data.
 */
type PlaceColumns = Pick<JobRow, 'places' | 'remoteEligibility' | 'timeZones' | 'visaSponsorship' | 'workFrom'>;

/** Readings by location text and workplace type: a board's jobs share a few hundred locations. */
const readings = new Map<string, PlaceReading>();
const maxReadings = 5_000;

function cachedReading(text: string | null, workplaceType: string | null): PlaceReading {
  const key = `${workplaceType ?? ''}\n${text ?? ''}`;
  const known = readings.get(key);
  if (known) return known;
  const read = readPlaces({ text, workplaceType });
  if (readings.size >= maxReadings) readings.clear();
  readings.set(key, read);
  return read;
}

/** The structured fields are read afresh; a text and a workplace alone (most jobs) once per process. */
function reading(input: PlaceInput): PlaceReading {
  const structured =
    input.isRemote != null || !!input.countryCode || (input.locations?.length ?? 0) > 0 || !!input.addresses?.length;
  return structured ? readPlaces(input) : cachedReading(input.text ?? null, input.workplaceType ?? null);
}

export function placeColumns(
  input: PlaceInput,
  description: { text: string | null; visaField?: unknown },
): PlaceColumns {
  const read = reading(input);
  const places = namePlaces(read.places);
  return {
    places,
    remoteEligibility: read.remote,
    timeZones: read.timeZones,
    visaSponsorship: readVisaSponsorship(description.text, description.visaField),
    workFrom: workFromTokens({ places, remote: read.remote }),
  };
}

/** The readings of a job as the board holds it: its location and workplace, its descriptions. */
export function jobPlaceColumns(
  job: Pick<JobRow, 'location' | 'workplaceType' | 'shortDescription' | 'description'>,
): PlaceColumns {
  const text = [job.shortDescription, job.description].filter(Boolean).join('\n') || null;
  return placeColumns({ text: job.location, workplaceType: job.workplaceType }, { text });
}

/**
 * The tokens of a job whose readings were not written with it (`work_from` null), read from its
 * location and workplace as the search index meets it, so such a job is found too.
 */
export function unreadWorkFrom(location: string, workplace: string): string[] {
  return placeColumns({ text: location, workplaceType: workplace || null }, { text: null }).workFrom ?? [];
}
