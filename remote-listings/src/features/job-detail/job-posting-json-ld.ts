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

/** schema.org JobPosting for search engines (Google for Jobs). */
export function jobPostingJsonLd(job: Job, options: { siteUrl: string; directApply: boolean }) {
  const remote = /remote/i.test(job.workplaceType) || /remote/i.test(job.location);
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
    employmentType: employmentTypes[job.type.toLowerCase()] ?? 'OTHER',
    directApply: options.directApply,
    url: new URL(`/job/${encodeURIComponent(job.id)}`, options.siteUrl).href,
  };
  if (remote) data.jobLocationType = 'TELECOMMUTE';
  if (!remote || !/^remote/i.test(job.location)) {
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
  return data;
}

/** JSON for a <script> element: "<" escaped so the text can never close the element. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
