// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { whereBody } from './job-where-body';

describe('whereBody', () => {
  it('names every country the places and the remote eligibility name, once, by code', () => {
    const body = whereBody(
      {
        places: [{ city: 'Berlin', region: 'DE-BE', regionName: 'Berlin', country: 'DE' }, { country: 'GB' }],
        remote: { kind: 'areas', countries: ['US', 'DE'], regions: ['EU'] },
        timeZones: null,
      },
      'yes',
    );
    expect(body.country_names).toEqual({ DE: 'Germany', GB: 'United Kingdom', US: 'United States' });
    expect(body.places[0]).toEqual({ city: 'Berlin', region: 'DE-BE', region_name: 'Berlin', country: 'DE' });
  });

  it('names none for a job that names no country', () => {
    expect(
      whereBody({ places: [], remote: { kind: 'worldwide' }, timeZones: null }, 'not-stated').country_names,
    ).toEqual({});
  });
});
