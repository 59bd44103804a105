import type { Job } from '@board/shared/api/job';

const employmentTypes: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  contractor: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  intern: 'INTERN',
  volunteer: 'VOLUNTEER',
};

/** The id of the JobPosting <script> the shell's server puts in a job page (the client then drops it for its own). */
export const jobPostingScriptId = 'job-posting-json-ld';

export interface JobPostingOptions {
  siteUrl: string;
  /** The apply button leads to the board's own form (see applyAction). */
  directApply: boolean;
  /** ISO date after which the job is closed, when the API tells it. */
  validThrough?: string | null;
}

/** Where a remote job's applicants must be: 'Remote (EU)' -> 'EU'; a place named beside a remote workplace. */
function applicantArea(job: Job): string | null {
  const inParentheses = /^remote\s*\(([^)]+)\)/i.exec(job.location)?.[1]?.trim();
  if (inParentheses) return inParentheses;
  return /^remote\b/i.test(job.location) ? null : job.location;
}

/**
 * schema.org JobPosting for search engines (Google for Jobs), with Google's required properties
 * (title, description, datePosted, hiringOrganization, jobLocation or TELECOMMUTE) and the
 * recommended ones the board knows (baseSalary, employmentType, directApply, identifier,
 * applicantLocationRequirements, validThrough). One builder for the shell's server and the
 * job page in the browser.
 */
export function jobPostingJsonLd(job: Job, options: JobPostingOptions) {
  const remote = /remote/i.test(job.workplaceType) || /^remote\b/i.test(job.location);
  const description = [job.description, job.detailedDescription]
    .filter(Boolean)
    .join('\n\n')
    .replace(/#([^#\n]+)#/g, '$1');
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: description || job.title,
    datePosted: job.postedAt ? job.postedAt.slice(0, 10) : undefined,
    hiringOrganization: { '@type': 'Organization', name: job.company, ...(job.logo ? { logo: job.logo } : {}) },
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    employmentType: employmentTypes[job.type.toLowerCase()] ?? 'OTHER',
    directApply: options.directApply,
    url: new URL(`/job/${encodeURIComponent(job.id)}`, options.siteUrl).href,
  };
  if (remote) {
    data.jobLocationType = 'TELECOMMUTE';
    const area = applicantArea(job);
    if (area) data.applicantLocationRequirements = { '@type': 'AdministrativeArea', name: area };
  }
  if (!/^remote\b/i.test(job.location)) {
    data.jobLocation = { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location } };
  }
  const min = job.salaryMin && job.salaryMin > 0 ? job.salaryMin : null;
  const max = job.salaryMax && job.salaryMax > 0 ? job.salaryMax : null;
  if ((min || max) && job.salaryCurrency) {
    data.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: job.salaryCurrency,
      value: {
        '@type': 'QuantitativeValue',
        unitText: 'YEAR',
        ...(min ? { minValue: min } : {}),
        ...(max ? { maxValue: max } : {}),
      },
    };
  }
  if (options.validThrough && !Number.isNaN(Date.parse(options.validThrough))) {
    data.validThrough = options.validThrough;
  }
  return data;
}
