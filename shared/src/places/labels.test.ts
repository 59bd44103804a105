// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countryName } from './countries';
import { eligibilityLabel, workplaceLabel } from './labels';
import { readPlaces } from './read-places';
import { namePlaces } from './subdivisions';
import { workplaceKind } from './workplace';

/** A job's where as the server sends it: read, and its places named. */
function where(location: string, workplaceType: string | null) {
  const reading = readPlaces({ text: location, workplaceType });
  return { places: namePlaces(reading.places), remote: reading.remote, workplaceType, location };
}

const label = (location: string, workplaceType: string | null = null) =>
  workplaceLabel(where(location, workplaceType), countryName);

describe('workplaceLabel', () => {
  it.each([
    ['Remote - US', null, 'Remote · US only'],
    ['Remote (EU)', 'Remote', 'Remote · EU'],
    ['Anywhere', null, 'Remote · anywhere'],
    ['Berlin, Germany', 'On-site', 'On-site · Berlin, Germany'],
    ['Berlin, Germany', null, 'On-site · Berlin, Germany'],
    ['London; Manchester; Edinburgh', 'Hybrid', 'Hybrid · London, United Kingdom +2 more'],
    ['London or Remote (UK)', null, 'Remote · UK only'],
    ['London or Remote (UK)', 'Hybrid', 'Hybrid · London, United Kingdom'],
    ['New York, NY; San Francisco, CA', 'On-site', 'On-site · New York City, United States +1 more'],
    ['Remote — Americas', null, 'Remote · Americas'],
    ['Paris', null, 'On-site · Paris, France'],
    ['Cambridge, MA', null, 'On-site · Cambridge, United States'],
    ['Cambridge', null, 'On-site · Cambridge, United Kingdom'],
    ['Remote (US or Canada)', null, 'Remote · US, Canada'],
    ['Remote (EU, UK)', null, 'Remote · EU, UK'],
    ['Remote - US, Canada, Mexico, Brazil, Chile', null, 'Remote · US, Canada, Mexico +2 more'],
    ['Remote - Germany', null, 'Remote · Germany only'],
    ['Remote', null, 'Remote'],
    ['Berlin, Germany', 'Remote', 'Remote'],
    ['Texas', 'On-site', 'On-site · Texas, United States'],
    ['Germany', 'Hybrid', 'Hybrid · Germany'],
    ['Mars Base Alpha', null, 'Mars Base Alpha'],
    ['Mars Base Alpha', 'On-site', 'On-site · Mars Base Alpha'],
    ['', 'Hybrid', 'Hybrid'],
    // The board's text for a job with no location.
    ['Remote', 'On-site', 'On-site'],
    // The data's on-site or hybrid type wins over a text that says remote: the text as written,
    // or the country it names.
    ['Remote (EU)', 'On-site', 'On-site · Remote (EU)'],
    ['Remote (UK)', 'Hybrid', 'Hybrid · United Kingdom'],
  ])('%s (%s) -> %s', (location, workplaceType, expected) => {
    expect(label(location, workplaceType)).toBe(expected);
  });
});

describe('eligibilityLabel', () => {
  it('says nothing for a job that is not remote or does not say from where', () => {
    expect(eligibilityLabel(null, countryName)).toBe('');
    expect(eligibilityLabel({ kind: 'not-stated' }, countryName)).toBe('');
  });

  it('names a region alone without "only"', () => {
    expect(eligibilityLabel({ kind: 'areas', countries: [], regions: ['EMEA'] }, countryName)).toBe('EMEA');
  });
});

describe('workplaceKind', () => {
  it.each([
    ['Remote', 'Remote'],
    ['remote', 'Remote'],
    ['Hybrid', 'Hybrid'],
    ['hybrid', 'Hybrid'],
    ['On-site', 'On-site'],
    ['on-site', 'On-site'],
    ['OnSite', 'On-site'],
    ['In office', 'On-site'],
    ['unspecified', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (value, kind) => {
    expect(workplaceKind(value)).toBe(kind);
  });
});
