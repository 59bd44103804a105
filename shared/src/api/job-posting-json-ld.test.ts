import { describe, expect, it } from 'vitest';
import { parseJob } from './job';
import { jobPostingJsonLd } from './job-posting-json-ld';

const siteUrl = 'https://board.example';
const job = (fields: Record<string, unknown> = {}) =>
  parseJob({
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
  });

describe('jobPostingJsonLd', () => {
  it('has Google’s required properties and the recommended ones the board knows', () => {
    expect(
      jobPostingJsonLd(job({ salary_min: 60000, salary_max: 80000, salary_currency: 'EUR' }), {
        siteUrl,
        directApply: true,
        validThrough: '2026-12-31',
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
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Berlin' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', unitText: 'YEAR', minValue: 60000, maxValue: 80000 },
      },
      validThrough: '2026-12-31',
    });
  });

  it.each([
    ['a remote job with a region', { location: 'Remote (EU)', workplace_type: 'Remote' }, 'EU', false],
    ['a remote job based in a city', { location: 'London', workplace_type: 'Remote' }, 'London', true],
    ['a job with no location (shown as Remote)', { location: null, workplace_type: '' }, undefined, false],
  ])('%s is TELECOMMUTE with its applicant area', (_case, fields, area, located) => {
    const data = jobPostingJsonLd(job(fields), { siteUrl, directApply: false });
    expect(data.jobLocationType).toBe('TELECOMMUTE');
    expect(data.applicantLocationRequirements).toEqual(
      area ? { '@type': 'AdministrativeArea', name: area } : undefined,
    );
    expect('jobLocation' in data).toBe(located);
  });

  it('leaves out what is not known: salary, logo, date, an unknown type, a bad validThrough', () => {
    const data = jobPostingJsonLd(
      job({ salary_min: 0, salary_max: 0, logo: null, posted_date: null, job_type: 'Gig' }),
      { siteUrl, directApply: false, validThrough: 'soon' },
    );
    expect(data).not.toHaveProperty('baseSalary');
    expect(data).not.toHaveProperty('validThrough');
    expect(data.datePosted).toBeUndefined();
    expect(data.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Acme' });
    expect(data.employmentType).toBe('OTHER');
    expect(data.directApply).toBe(false);
  });
});
