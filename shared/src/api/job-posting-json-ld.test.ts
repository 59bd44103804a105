// @vitest-environment node
import { withJobReadings } from '@board/shared/api/job-readings';
import { describe, expect, it } from 'vitest';
import { parseJob } from './job';
import { jobPostingJsonLd } from './job-posting-json-ld';

const siteUrl = 'https://board.example';
/** A job as the API sends it: its location read with the gazetteer (as the API stores it). */
const job = (fields: Record<string, unknown> = {}) =>
  parseJob(
    withJobReadings({
      id: 7,
      title: 'Backend Engineer',
      organization_name: 'Acme',
      location: 'Berlin',
      workplace_type: 'On-site',
      job_type: 'Full-time',
      short_description: 'Build #the# API.',
      description: '#About#\nWe ship.',
      posted_date: '2026-11-01T09:00:00.000Z',
      logo: 'https://api.example/public/logos/acme.svg',
      ...fields,
    }),
  );

type Ld = Record<string, unknown>;
const isObject = (value: unknown): value is Ld => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const area = (value: unknown) =>
  isObject(value) &&
  ['Country', 'State', 'City', 'AdministrativeArea'].includes(String(value['@type'])) &&
  text(value.name);
const employmentTypes = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const salaryUnits = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/**
 * Google's JobPosting rules (Search Central, "Job posting structured data"): each required
 * property and each recommended one, with the form Google accepts. A job that is fully remote may
 * give jobLocationType TELECOMMUTE and applicantLocationRequirements in place of jobLocation.
 */
const google = {
  required: {
    title: (ld: Ld) => text(ld.title),
    description: (ld: Ld) => text(ld.description),
    datePosted: (ld: Ld) => typeof ld.datePosted === 'string' && /^\d{4}-\d{2}-\d{2}/.test(ld.datePosted),
    hiringOrganization: (ld: Ld) =>
      isObject(ld.hiringOrganization) &&
      ld.hiringOrganization['@type'] === 'Organization' &&
      text(ld.hiringOrganization.name),
    jobLocation: (ld: Ld) => {
      const address = isObject(ld.jobLocation) && ld.jobLocation['@type'] === 'Place' ? ld.jobLocation.address : null;
      const located =
        isObject(address) &&
        address['@type'] === 'PostalAddress' &&
        [address.addressLocality, address.addressRegion, address.addressCountry].some(text);
      const remote = ld.jobLocationType === 'TELECOMMUTE' && google.recommended.applicantLocationRequirements(ld);
      return located || remote;
    },
  },
  recommended: {
    applicantLocationRequirements: (ld: Ld) => {
      const value = ld.applicantLocationRequirements;
      return Array.isArray(value) ? value.length > 0 && value.every(area) : area(value);
    },
    baseSalary: (ld: Ld) => {
      const salary = ld.baseSalary;
      if (!isObject(salary) || salary['@type'] !== 'MonetaryAmount' || !/^[A-Z]{3}$/.test(String(salary.currency)))
        return false;
      const value = salary.value;
      return (
        isObject(value) &&
        value['@type'] === 'QuantitativeValue' &&
        salaryUnits.includes(String(value.unitText)) &&
        [value.value, value.minValue, value.maxValue].some((amount) => typeof amount === 'number' && amount > 0)
      );
    },
    directApply: (ld: Ld) => typeof ld.directApply === 'boolean',
    employmentType: (ld: Ld) => employmentTypes.includes(String(ld.employmentType)),
    identifier: (ld: Ld) =>
      isObject(ld.identifier) &&
      ld.identifier['@type'] === 'PropertyValue' &&
      text(ld.identifier.name) &&
      text(String(ld.identifier.value ?? '')),
    jobLocationType: (ld: Ld) => ld.jobLocationType === undefined || ld.jobLocationType === 'TELECOMMUTE',
    validThrough: (ld: Ld) => typeof ld.validThrough === 'string' && !Number.isNaN(Date.parse(ld.validThrough)),
  },
};

/** The properties of Google's lists that a block lacks (or has in a form Google does not accept). */
function missing(ld: Ld) {
  const failing = (rules: Record<string, (ld: Ld) => boolean>) =>
    Object.entries(rules)
      .filter(([, rule]) => !rule(ld))
      .map(([name]) => name);
  const recommended = failing(google.recommended).filter(
    // Only a remote job says where its applicants may live.
    (name) => name !== 'applicantLocationRequirements' || ld.jobLocationType === 'TELECOMMUTE',
  );
  return { required: failing(google.required), recommended };
}

describe('jobPostingJsonLd against Google’s required and recommended properties', () => {
  it.each([
    ['an on-site job with a salary', { salary_min: 60000, salary_max: 80000, salary_currency: 'EUR' }, []],
    [
      'a job with one side of its salary',
      { salary_min: 60000, salary_currency: 'GBP', location: 'Lisbon', workplace_type: 'Hybrid' },
      [],
    ],
    ['a job without a salary', { salary_min: 0, salary_max: 0 }, ['baseSalary']],
    ['a salary without a currency', { salary_min: 60000, salary_max: 80000 }, ['baseSalary']],
    ['a remote job in the EU', { location: 'Remote (EU)', workplace_type: 'Remote' }, ['baseSalary']],
    [
      'a remote job based in a city, from anywhere it does not say',
      { location: 'London', workplace_type: 'Remote' },
      ['applicantLocationRequirements', 'baseSalary'],
    ],
    ['a job of an unknown type (OTHER)', { job_type: 'Gig' }, ['baseSalary']],
  ])('%s has every required property; of the recommended, lacks %o and validThrough', (_case, fields, lacking) => {
    expect(missing(jobPostingJsonLd(job(fields), { siteUrl, directApply: true }))).toEqual({
      required: [],
      recommended: [...lacking, 'validThrough'],
    });
  });

  it('a remote job that does not say from where gets no requirements rather than a guess', () => {
    const data = jobPostingJsonLd(job({ location: 'Remote - Patagonia', workplace_type: 'Remote' }), {
      siteUrl,
      directApply: false,
    });
    expect(data.jobLocationType).toBe('TELECOMMUTE');
    expect(missing(data)).toEqual({
      required: ['jobLocation'],
      recommended: ['applicantLocationRequirements', 'baseSalary', 'validThrough'],
    });
  });

  it('what the API does not tell stays out rather than guessed: a bare "Remote", no date', () => {
    // The API gives no location ('Remote' is the board's default text) and no posted date.
    const data = jobPostingJsonLd(job({ location: null, posted_date: null, workplace_type: '' }), {
      siteUrl,
      directApply: false,
    });
    // Nor a workplace: the job is not known to be remote.
    expect(data).not.toHaveProperty('jobLocationType');
    expect(missing(data)).toEqual({
      required: ['datePosted', 'jobLocation'],
      recommended: ['baseSalary', 'validThrough'],
    });
  });
});

describe('jobPostingJsonLd', () => {
  it('builds the block from the job', () => {
    expect(
      jobPostingJsonLd(job({ salary_min: 60000, salary_max: 80000, salary_currency: 'EUR' }), {
        siteUrl,
        directApply: true,
      }),
    ).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Backend Engineer',
      description: 'Build the API.\n\nAbout\nWe ship.',
      datePosted: '2026-11-01',
      hiringOrganization: { '@type': 'Organization', name: 'Acme', logo: 'https://api.example/public/logos/acme.svg' },
      identifier: { '@type': 'PropertyValue', name: 'Acme', value: '7' },
      employmentType: 'FULL_TIME',
      directApply: true,
      url: 'https://board.example/job/7',
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', unitText: 'YEAR', minValue: 60000, maxValue: 80000 },
      },
    });
  });

  it.each([
    [
      'an office, from anywhere it does not say: none',
      { location: 'London', workplace_type: 'Remote' },
      undefined,
      true,
    ],
    [
      'an office, and the country it may be done from',
      { location: 'London or Remote (UK)', workplace_type: 'Remote' },
      { '@type': 'Country', name: 'United Kingdom' },
      true,
    ],
    [
      'a country after Remote',
      { location: 'Remote - Germany', workplace_type: '' },
      { '@type': 'Country', name: 'Germany' },
      false,
    ],
    [
      'anywhere: worldwide',
      { location: 'Anywhere', workplace_type: 'Remote' },
      { '@type': 'AdministrativeArea', name: 'Worldwide' },
      false,
    ],
    ['no place at all: nothing', { location: 'Remote', workplace_type: 'Remote' }, undefined, false],
  ])('a remote job is TELECOMMUTE; %s', (_case, fields, requirements, located) => {
    const data = jobPostingJsonLd(job(fields), { siteUrl, directApply: false });
    expect(data.jobLocationType).toBe('TELECOMMUTE');
    expect(data.applicantLocationRequirements).toEqual(requirements);
    expect('jobLocation' in data).toBe(located);
  });

  it('an on-site job with no location (shown as Remote) is not remote, and has no place', () => {
    const data = jobPostingJsonLd(job({ location: null, workplace_type: 'On-site' }), { siteUrl, directApply: false });
    expect(data).not.toHaveProperty('jobLocationType');
    expect(data).not.toHaveProperty('jobLocation');
    expect(missing(data).required).toEqual(['jobLocation']);
  });

  it('a location that names a remote area makes a job of no workplace type remote', () => {
    const data = jobPostingJsonLd(job({ location: 'Remote - UK', workplace_type: '' }), {
      siteUrl,
      directApply: false,
    });
    expect(data.jobLocationType).toBe('TELECOMMUTE');
    expect(data.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'United Kingdom' });
  });

  it('gives each place its address: a city, its region and its country', () => {
    const data = jobPostingJsonLd(job({ location: 'New York, NY; Cambridge, MA', workplace_type: 'On-site' }), {
      siteUrl,
      directApply: false,
    });
    const address = (fields: object) => ({ '@type': 'Place', address: { '@type': 'PostalAddress', ...fields } });
    expect(data.jobLocation).toEqual([
      address({ addressLocality: 'New York City', addressRegion: 'NY', addressCountry: 'US' }),
      address({ addressLocality: 'Cambridge', addressRegion: 'MA', addressCountry: 'US' }),
    ]);
    expect(data).not.toHaveProperty('jobLocationType');
  });

  it('names each member state for the EU', () => {
    const data = jobPostingJsonLd(job({ location: 'Remote (EU)', workplace_type: 'Remote' }), {
      siteUrl,
      directApply: false,
    });
    expect(data.applicantLocationRequirements).toHaveLength(27);
    expect(data.applicantLocationRequirements).toContainEqual({ '@type': 'Country', name: 'France' });
  });

  it("names the company's own site as the hiring organization's sameAs (an http(s) one only)", () => {
    const data = jobPostingJsonLd(job({ company_website: 'https://acme.example/' }), { siteUrl, directApply: true });
    expect(data.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Acme',
      logo: 'https://api.example/public/logos/acme.svg',
      sameAs: 'https://acme.example/',
    });
    const scripted = jobPostingJsonLd(job({ company_website: 'javascript:alert(1)' }), { siteUrl, directApply: true });
    expect(scripted.hiringOrganization).not.toHaveProperty('sameAs');
  });

  it('leaves out what is not known: salary, logo, date, a country, and gives OTHER for an unknown type', () => {
    const data = jobPostingJsonLd(
      job({
        salary_min: 0,
        salary_max: 0,
        logo: null,
        posted_date: null,
        job_type: 'Gig',
        location: 'Mars Base Alpha',
      }),
      { siteUrl, directApply: false },
    );
    expect(data).not.toHaveProperty('baseSalary');
    expect(data).not.toHaveProperty('validThrough');
    expect(data.datePosted).toBeUndefined();
    expect(data.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Acme' });
    expect(data.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Mars Base Alpha' },
    });
    expect(data.employmentType).toBe('OTHER');
    expect(data.directApply).toBe(false);
  });

  it('cuts a long description to about 300 characters, at a word', () => {
    const long = 'word '.repeat(1_000_000);
    const ld = jobPostingJsonLd(job({ short_description: '', description: long }), { siteUrl, directApply: true });
    expect(String(ld.description).length).toBeLessThanOrEqual(300);
    expect(String(ld.description)).toMatch(/^word( word)*…$/);
  });

  it('carries validThrough where the job’s ATS gives a closing date, and none otherwise', () => {
    expect(
      jobPostingJsonLd(job({ valid_through: '2026-12-31T00:00:00.000Z' }), { siteUrl, directApply: true }).validThrough,
    ).toBe('2026-12-31T00:00:00.000Z');
    expect(jobPostingJsonLd(job(), { siteUrl, directApply: true })).not.toHaveProperty('validThrough');
    expect(jobPostingJsonLd(job({ valid_through: 'soon' }), { siteUrl, directApply: true })).not.toHaveProperty(
      'validThrough',
    );
  });
});
