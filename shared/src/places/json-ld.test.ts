// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { jobPostingLocationLd } from './json-ld';
import { readPlaces } from './read-places';
import { regionCountries } from './regions';
import { namePlaces } from './subdivisions';

/** A job's where as the server sends it: read, and its places named. */
function where(location: string, workplaceType: string | null) {
  const reading = readPlaces({ text: location, workplaceType });
  return { places: namePlaces(reading.places), remote: reading.remote, workplaceType, location };
}

const ld = (location: string, workplaceType: string | null = null) =>
  jobPostingLocationLd(where(location, workplaceType));

const address = (fields: object) => ({ '@type': 'Place', address: { '@type': 'PostalAddress', ...fields } });
const country = (name: string) => ({ '@type': 'Country', name });

describe('jobPostingLocationLd', () => {
  it('gives each place a Place with its PostalAddress', () => {
    expect(ld('Berlin, Germany')).toEqual({
      jobLocation: address({ addressLocality: 'Berlin', addressCountry: 'DE' }),
    });
    expect(ld('New York, NY; San Francisco, CA', 'On-site')).toEqual({
      jobLocation: [
        address({ addressLocality: 'New York City', addressRegion: 'NY', addressCountry: 'US' }),
        address({ addressLocality: 'San Francisco', addressRegion: 'CA', addressCountry: 'US' }),
      ],
    });
    expect(ld('Cambridge')).toEqual({
      jobLocation: address({ addressLocality: 'Cambridge', addressRegion: 'England', addressCountry: 'GB' }),
    });
  });

  it('marks a remote job TELECOMMUTE with the countries it allows', () => {
    expect(ld('Remote - US')).toEqual({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: country('United States'),
    });
    expect(ld('Remote (US or Canada)')).toEqual({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [country('United States'), country('Canada')],
    });
  });

  it('lists a region’s countries, as the board’s own filter counts them', () => {
    const requirements = ld('Remote (EU)').applicantLocationRequirements as { name: string }[];
    expect(requirements).toHaveLength(regionCountries('EU').size);
    expect(requirements).toContainEqual(country('Germany'));
    expect(requirements).not.toContainEqual(country('United Kingdom'));
  });

  it('says worldwide for a job that may be done from anywhere', () => {
    expect(ld('Anywhere')).toEqual({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'AdministrativeArea', name: 'Worldwide' },
    });
  });

  it('gives a remote job that does not say from where no requirements rather than a guess', () => {
    expect(ld('Remote')).toEqual({ jobLocationType: 'TELECOMMUTE' });
    expect(ld('San Francisco, CA', 'Remote')).toEqual({
      jobLocation: address({ addressLocality: 'San Francisco', addressRegion: 'CA', addressCountry: 'US' }),
      jobLocationType: 'TELECOMMUTE',
    });
  });

  it('gives an office and remote eligibility together', () => {
    expect(ld('London or Remote (UK)')).toEqual({
      jobLocation: address({ addressLocality: 'London', addressRegion: 'England', addressCountry: 'GB' }),
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: country('United Kingdom'),
    });
  });

  it('keeps an on-site job’s text as its locality when no place was read, and guesses no country', () => {
    expect(ld('Mars Base Alpha', 'On-site')).toEqual({ jobLocation: address({ addressLocality: 'Mars Base Alpha' }) });
    expect(ld('', 'On-site')).toEqual({});
  });
});
