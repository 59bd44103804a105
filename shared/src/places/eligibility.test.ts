// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eligibleFrom } from './eligibility';
import { readPlaces } from './read-places';

const from = (text: string, country: string, workplaceType?: string) =>
  eligibleFrom(readPlaces({ text, workplaceType }), country);

describe('eligibleFrom', () => {
  it.each([
    // text, then the answer from the US, Germany, the United Kingdom, Brazil and Japan.
    ['Remote - US', ['yes', 'no', 'no', 'no', 'no']],
    ['Remote (EU)', ['no', 'yes', 'no', 'no', 'no']],
    ['Anywhere', ['yes', 'yes', 'yes', 'yes', 'yes']],
    ['Berlin, Germany', ['no', 'yes', 'no', 'no', 'no']],
    ['London or Remote (UK)', ['no', 'no', 'yes', 'no', 'no']],
    ['New York, NY; San Francisco, CA', ['yes', 'no', 'no', 'no', 'no']],
    ['Remote — Americas', ['yes', 'no', 'no', 'yes', 'no']],
    ['Paris', ['no', 'no', 'no', 'no', 'no']],
    ['Cambridge, MA', ['yes', 'no', 'no', 'no', 'no']],
    ['Cambridge', ['no', 'no', 'yes', 'no', 'no']],
    ['Remote', ['unknown', 'unknown', 'unknown', 'unknown', 'unknown']],
    ['EMEA', ['no', 'yes', 'yes', 'no', 'no']],
    ['Remote - Europe', ['no', 'yes', 'yes', 'no', 'no']],
    ['Remote - APAC', ['no', 'no', 'no', 'no', 'yes']],
    ['LATAM', ['no', 'no', 'no', 'yes', 'no']],
    ['Remote - North America', ['yes', 'no', 'no', 'no', 'no']],
    ['Mars Base Alpha', ['no', 'no', 'no', 'no', 'no']],
  ])('%s', (text, answers) => {
    expect(['US', 'DE', 'GB', 'BR', 'JP'].map((country) => from(text, country))).toEqual(answers);
  });

  it('answers yes from a remote job’s office country though it does not say where else', () => {
    expect(from('San Francisco, CA', 'US', 'Remote')).toBe('yes');
    expect(from('San Francisco, CA', 'DE', 'Remote')).toBe('unknown');
  });

  it('reads a country code in any case', () => {
    expect(from('Remote (EU)', 'de')).toBe('yes');
  });
});
