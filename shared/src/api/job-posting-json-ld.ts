import { applyAction } from '@board/shared/api/apply-action';
import type { Job } from '@board/shared/api/job';
import { clip, descriptionLimit } from '@board/shared/lib/clip';
import { jobPostingLocationLd } from '@board/shared/places/json-ld';

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
}

/**
 * schema.org JobPosting for search engines (Google for Jobs), with Google's required properties
 * (title, description, datePosted, hiringOrganization, jobLocation, or for a remote job
 * jobLocationType TELECOMMUTE with applicantLocationRequirements: from the job's places, see
 * places/json-ld.ts) and the recommended ones the board knows (baseSalary, employmentType,
 * directApply, identifier), and validThrough where the job's ATS gives a closing date. One builder
 * for the shell's server and the job page in the browser.
 */
export function jobPostingJsonLd(job: Job, options: JobPostingOptions) {
  const description = [job.description, job.detailedDescription]
    .filter(Boolean)
    .join('\n\n')
    .replace(/#([^#\n]+)#/g, '$1');
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    // Cut like the meta description: a 5 MB description is on the page once, not again in the head.
    description: description.length > descriptionLimit ? clip(description) : description || job.title,
    datePosted: job.postedAt ? job.postedAt.slice(0, 10) : undefined,
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company,
      ...(job.logo ? { logo: job.logo } : {}),
      ...(job.companyWebsite ? { sameAs: job.companyWebsite } : {}),
    },
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    employmentType: employmentTypes[job.type.toLowerCase()] ?? 'OTHER',
    directApply: options.directApply,
    url: new URL(`/job/${encodeURIComponent(job.id)}`, options.siteUrl).href,
  };
  if (job.validThrough) data.validThrough = job.validThrough;
  Object.assign(
    data,
    jobPostingLocationLd({
      workplaceType: job.workplaceType,
      // A job whose places were not read (another platform's, in the browser): its text as written.
      places: job.where?.places ?? [],
      remote: job.where?.remote ?? null,
      // 'Remote' alone is also the board's text for a job with no location: no locality.
      location: /^remote$/i.test(job.location) ? null : job.location,
    }),
  );
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

/**
 * The job page's JobPosting: `directApply` when the apply button leads to the board's own form.
 * The page renders it, and the shell's server puts it in the head only of a page it could not
 * render, so each page's JobPosting is built once.
 */
export function jobPostingFor(job: Job, siteUrl: string) {
  const directApply = applyAction({ jobId: job.id, applicationUrl: job.applicationUrl, siteUrl, search: '' }).kind;
  return jobPostingJsonLd(job, { siteUrl, directApply: directApply === 'in-site' });
}
