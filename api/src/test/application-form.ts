import { eq } from 'drizzle-orm';
import { applicationResumes, applications } from '../db/application-tables';
import { jobPostings } from '../db/job-board-tables';
import { pdfBytes, type TestApi } from './test-api';

/** The candidate's values of a valid application: a test looks for them where they must not be. */
export const candidate = {
  candidate_name: 'Ada Lovelace',
  candidate_email: 'ada.lovelace@example.com',
  candidate_linkedin_url: 'https://www.linkedin.com/in/ada-lovelace-1815',
  candidate_salary_expectations: '£91,815',
  candidate_motivation: 'Engines that weave algebraic patterns.',
  candidate_phone: '+44 20 7946 1815',
} as const;

export async function publishedJobId(api: TestApi): Promise<number> {
  const [job] = await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'published')).limit(1);
  if (!job) throw new Error('no published job');
  return job.id;
}

/** A complete, valid call-6 form with a fresh captcha token; `overrides` replace or (null) remove fields. */
export async function applicationForm(
  api: TestApi,
  jobId: number,
  overrides: Record<string, string | Blob | null> = {},
  file: { bytes: Uint8Array; name: string } | null = { bytes: pdfBytes(), name: 'ada-cv.pdf' },
): Promise<FormData> {
  const data = new FormData();
  const fields: Record<string, string | Blob | null> = {
    job_posting_id: String(jobId),
    ...candidate,
    recaptcha_token: await api.captchaToken(),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== null) data.append(name, value);
  if (file) data.append('candidate_resume', new Blob([file.bytes as BlobPart], { type: 'application/pdf' }), file.name);
  return data;
}

export function submitApplication(api: TestApi, body: FormData | string, headers: Record<string, string> = {}) {
  return api.app.request('/public/job-application/', { method: 'POST', body, headers });
}

/** How many applications and resumes are stored. */
export async function storedCounts(api: TestApi) {
  const [rows, resumes] = await Promise.all([
    api.db.select({ id: applications.id }).from(applications),
    api.db.select({ id: applicationResumes.applicationId }).from(applicationResumes),
  ]);
  return { applications: rows.length, resumes: resumes.length };
}
