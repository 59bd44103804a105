import type { CompanyProfile } from '@board/shared/api/company-profile';
import type { Job } from '@board/shared/api/job';
import { clip } from '@board/shared/lib/clip';

/**
 * What each page says about itself: its title, description and preview image when it exists, and
 * the panel it shows when its subject does not. One builder per page, called by the page
 * component (its <title>, its meta description, its missing panel) and by the shell's server (the
 * head it sends and the 404 status), so the two can never say different things.
 */
export interface PageSummary {
  /** The page's own title; the product's name is added by PageTitle and by the server's head. */
  title: string;
  description: string;
  /** Short facts shown beside a link preview (Slack, X). */
  facts?: { label: string; value: string }[];
  /** Not for search engines (the application form and its confirmation). */
  noindex?: boolean;
}

/** A page whose subject is missing: the panel's title and text, and the page's 404. */
export interface MissingSummary {
  title: string;
  message: string;
  /** The document's title when it is not the panel's (a closed job's names the job). */
  documentTitle?: string;
}

export const missingPages = {
  page: { title: 'Page Not Found', message: "The page you are looking for doesn't exist or has been moved." },
  job: { title: 'Job Not Found', message: "The job you're looking for doesn't exist or has been removed." },
  /** The application form's and its confirmation's wording (SPEC section 2). */
  jobPosting: {
    title: 'Job Not Found',
    message: "The job posting you are looking for doesn't exist or has been removed.",
  },
  company: {
    title: 'Company Not Found',
    message: "The company you're looking for doesn't exist or has no active job postings.",
  },
} satisfies Record<string, MissingSummary>;

/** `/` and `/{workspace}` (the slug stands in while the workspace's name is not known). */
export function boardPage(workspaceName: string | null): PageSummary {
  return {
    title: workspaceName ? `Find your dream job in ${workspaceName}` : 'Find your dream job',
    description: `Browse a curated list of startup openings${workspaceName ? ` in ${workspaceName}` : ''}, with funding, investors and equity up front.`,
  };
}

/** `/companies` and `/{workspace}/companies`. */
export function companiesPage(workspaceName: string | null): PageSummary {
  return {
    title: workspaceName ? `Browse companies in ${workspaceName}` : 'Browse companies',
    description: `Startups${workspaceName ? ` in ${workspaceName}` : ''} that are actively hiring, and their open roles.`,
  };
}

/** `/companies/:id`, named after its first job's company; described by its overview when its profile has one. */
function companyPage(firstJob: Pick<Job, 'company'>, profile?: Pick<CompanyProfile, 'overview'> | null): PageSummary {
  return {
    title: `Jobs at ${firstJob.company}`,
    description: profile?.overview
      ? clip(`Open roles at ${firstJob.company}. ${profile.overview}`)
      : `Open roles at ${firstJob.company}, with funding, investors and equity up front.`,
  };
}

/** `/job/:id`: the job's title and company, its facts and short description. */
export function jobPage(job: Job): PageSummary {
  const facts = [job.company, job.location, job.salary].filter(Boolean).join(' · ');
  return {
    title: `${job.title || 'Job'} at ${job.company}`,
    description: clip(`${facts}. ${job.description || `${job.title || 'Job'} at ${job.company}, ${job.location}.`}`),
    facts: [
      { label: 'Location', value: job.location },
      ...(job.salary ? [{ label: 'Salary', value: job.salary }] : []),
    ],
  };
}

/**
 * `/job/:id` of a job that closed (its company's ATS no longer lists it): the page says so and
 * keeps the job's title and company, answers 410 and is not indexed (Google's guidance for
 * expired jobs).
 */
export function closedJobPage(job: Pick<Job, 'title' | 'company'>): MissingSummary {
  const name = `${job.title || 'Job'} at ${job.company}`;
  return {
    title: 'This job is closed',
    message: `${job.company} is no longer taking applications for this role.`,
    documentTitle: `Closed: ${name}`,
  };
}

/** `/job/:id/apply` of a closed job: the form is not shown. */
function closedApplyPage(job: Pick<Job, 'title' | 'company'>): MissingSummary {
  return {
    title: 'This job is closed',
    message: `${job.company} is no longer taking applications for ${job.title || 'this role'}.`,
    documentTitle: `Closed: ${job.title || 'Job'} at ${job.company}`,
  };
}

/** `/job/:id/apply`: the job's preview, not indexed. */
export function applyPage(job: Job): PageSummary {
  const page = jobPage(job);
  return { ...page, title: `Apply: ${page.title}`, noindex: true };
}

/** `/job/:id/apply/success`. */
export function applySuccessPage(job: Job): PageSummary {
  return { ...jobPage(job), title: 'Application Submitted Successfully!', noindex: true };
}

/** The talent-scout mock, the legal page and the saved jobs: fixed titles. */
export const fixedPages = {
  saved: { title: 'Saved jobs', description: 'The jobs you saved on this device.', noindex: true },
  talentScout: { title: 'Talent Scout', description: 'Chat with the Talent Scout about the roles you are after.' },
  terms: {
    title: 'Terms of Service and Privacy Policy',
    description: 'The terms of the job board and how it handles your data.',
  },
} satisfies Record<string, PageSummary>;

/**
 * A page once its data is known: what it says about itself and its subject, or the panel of its
 * missing subject (and its 404). The page's component and the shell's route table call the same
 * function, so the page and its status never disagree on whether the subject exists.
 */
export type PageState<Subject = unknown> =
  | { found: true; summary: PageSummary; subject: Subject }
  /** `closed`: the subject was there and is gone for good (a closed job): the page answers 410. */
  | { found: false; missing: MissingSummary; closed?: Job };

const found = <Subject>(summary: PageSummary, subject: Subject): PageState<Subject> => ({
  found: true,
  summary,
  subject,
});
const missing = (summary: MissingSummary): { found: false; missing: MissingSummary } => ({
  found: false,
  missing: summary,
});
const closed = (summary: MissingSummary, job: Job): { found: false; missing: MissingSummary; closed: Job } => ({
  found: false,
  missing: summary,
  closed: job,
});

/** `/job/:id`: the job, its closed page (410), or Job Not Found when the API does not have it. */
export function jobState(job: Job | null | undefined): PageState<Job> {
  if (!job) return missing(missingPages.job);
  return job.closedAt ? closed(closedJobPage(job), job) : found(jobPage(job), job);
}

/**
 * `/job/:id/apply` and its confirmation: the job posting, or the form's own not-found wording. The
 * form of a closed job says it is closed instead; its confirmation still confirms.
 */
export function applyState(job: Job | null | undefined, step: 'form' | 'success'): PageState<Job> {
  if (!job) return missing(missingPages.jobPosting);
  if (step === 'form' && job.closedAt) return closed(closedApplyPage(job), job);
  return found(step === 'form' ? applyPage(job) : applySuccessPage(job), job);
}

/** `/companies/:id`: named after its first job; a company with no job (or unknown) is Company Not Found. */
export const companyState = <J extends Pick<Job, 'company'>>(
  firstJob: J | null | undefined,
  profile?: Pick<CompanyProfile, 'overview'> | null,
): PageState<J> => (firstJob ? found(companyPage(firstJob, profile), firstJob) : missing(missingPages.company));

/** `/{workspace}` and `/{workspace}/companies`: a workspace the API does not know is Page Not Found. */
export function workspaceState<W extends { name: string }>(
  workspace: W | null | undefined,
  slug: string,
  page: 'jobs' | 'companies',
): PageState<W> {
  if (!workspace) return missing(missingPages.page);
  const name = workspace.name || slug;
  return found(page === 'jobs' ? boardPage(name) : companiesPage(name), workspace);
}
