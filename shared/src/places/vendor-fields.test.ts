// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readPlaces } from './read-places';

describe('readPlaces: the vendors’ structured fields', () => {
  it('Lever: a remote posting’s country is where it may be done from when its text names nowhere', () => {
    const reading = readPlaces({ text: 'Remote', countryCode: 'US', workplaceType: 'remote' });
    expect(reading.places).toEqual([]);
    expect(reading.remote).toEqual({ kind: 'areas', countries: ['US'], regions: [] });
  });

  it('Lever: the text’s own areas win over the posting’s country', () => {
    const reading = readPlaces({ text: 'Remote (EU)', countryCode: 'DE', workplaceType: 'remote' });
    expect(reading.remote).toEqual({ kind: 'areas', countries: [], regions: ['EU'] });
  });

  it('Lever: allLocations are several places, and the country adds none it already has', () => {
    const reading = readPlaces({
      text: 'San Francisco',
      locations: ['San Francisco', 'New York, NY'],
      countryCode: 'US',
      workplaceType: 'on-site',
    });
    expect(reading.places).toEqual([
      { city: 'San Francisco', region: 'US-CA', country: 'US' },
      { city: 'New York City', region: 'US-NY', country: 'US' },
    ]);
    expect(reading.remote).toBeNull();
  });

  it('Ashby: a postal address with a region and country names the city it means', () => {
    const reading = readPlaces({
      text: 'Houston, TX',
      addresses: [
        { locality: 'Houston', region: 'Texas', country: 'USA' },
        { locality: 'Cambridge', region: 'Massachusetts', country: 'United States' },
      ],
      workplaceType: 'OnSite',
    });
    expect(reading.places).toEqual([
      { city: 'Houston', region: 'US-TX', country: 'US' },
      { city: 'Cambridge', region: 'US-MA', country: 'US' },
    ]);
  });

  it('Ashby: a locality GeoNames does not know is kept as the vendor wrote it', () => {
    const reading = readPlaces({ addresses: [{ locality: 'Sausalito', region: 'CA', country: 'US' }] });
    expect(reading.places).toEqual([{ city: 'Sausalito', region: 'US-CA', country: 'US' }]);
  });

  it('Ashby: isRemote with secondary locations that say where', () => {
    const reading = readPlaces({
      text: 'Remote',
      locations: ['Remote - US', 'Remote - Canada'],
      isRemote: true,
    });
    expect(reading.remote).toEqual({ kind: 'areas', countries: ['US', 'CA'], regions: [] });
  });

  it('Ashby: a remote job whose address names only a country may be done from that country', () => {
    const reading = readPlaces({ text: 'Remote', addresses: [{ country: 'Germany' }], workplaceType: 'Remote' });
    expect(reading.remote).toEqual({ kind: 'areas', countries: ['DE'], regions: [] });
  });

  it('Greenhouse: an office’s location text is read like the job’s', () => {
    const reading = readPlaces({ text: 'NYC', locations: ['New York, NY, United States', 'United States'] });
    expect(reading.places).toEqual([{ city: 'New York City', region: 'US-NY', country: 'US' }]);
  });

  it('ignores fields that are empty or name nothing', () => {
    const reading = readPlaces({
      text: null,
      countryCode: 'ZZ',
      locations: [null, '', 'Nowhere Special'],
      addresses: [null, { locality: 'Springfield' }, { country: 'Atlantis' }],
    });
    expect(reading).toEqual({ places: [], remote: null, timeZones: null, text: '' });
  });

  it('a bare "Remote" beside an on-site or hybrid type is the board’s text for no location, not remote', () => {
    expect(readPlaces({ text: 'Remote', workplaceType: 'On-site' }).remote).toBeNull();
    expect(readPlaces({ text: 'London or Remote', workplaceType: 'Hybrid' }).remote).toBeNull();
  });

  it('an on-site or hybrid type wins over a text that says remote: no eligibility, the country it names a place', () => {
    expect(readPlaces({ text: 'Remote (UK)', workplaceType: 'Hybrid' })).toMatchObject({
      places: [{ country: 'GB' }],
      remote: null,
    });
    expect(readPlaces({ text: 'Remote (EU)', workplaceType: 'On-site' })).toMatchObject({ places: [], remote: null });
    // Ashby's isRemote beside its own hybrid type.
    expect(readPlaces({ text: 'London', workplaceType: 'Hybrid', isRemote: true })).toMatchObject({
      places: [{ city: 'London', country: 'GB' }],
      remote: null,
    });
  });

  it('a remote workplace type alone is remote with eligibility not stated', () => {
    expect(readPlaces({ text: 'Berlin, Germany', workplaceType: 'Remote' })).toMatchObject({
      places: [{ city: 'Berlin', country: 'DE' }],
      remote: { kind: 'not-stated' },
    });
  });
});
