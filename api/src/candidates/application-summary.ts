import { applicationFields } from '@board/shared/forms/application-fields';
import { isOneLineText } from '@board/shared/lib/typeable';
import type { applications } from '../db/application-tables';

/**
 * What the candidate sent, as the receipt and their page show it: the form's fields under the
 * form's labels, in the form's order, empty optional fields left out, and the resume as its name
 * and size (never the file).
 */
type Application = typeof applications.$inferSelect;

export interface SentField {
  label: string;
  value: string;
  /** A long text (motivation, additional information): shown with its line breaks. */
  long?: boolean;
}

/** The job the application was for, as the receipt names it. */
export interface AppliedJob {
  id: number;
  title: string;
  company: string;
}

export function sentFields(application: Application): SentField[] {
  const fields: (SentField | null)[] = [
    { label: applicationFields.name.label, value: application.candidateName },
    { label: applicationFields.email.label, value: application.candidateEmail },
    { label: applicationFields.linkedin.label, value: application.candidateLinkedinUrl },
    { label: applicationFields.resume.label, value: resumeDescription(application) },
    { label: applicationFields.salaryExpectations.label, value: application.candidateSalaryExpectations },
    optional(applicationFields.phone.label, application.candidatePhone),
    optional(applicationFields.github.label, application.candidateGithubUrl),
    optional(applicationFields.portfolio.label, application.candidatePortfolioUrl),
    optional('Additional information and questions', application.candidateAdditionalInfo, true),
    optional('Why this role is interesting for you', application.candidateMotivation, true),
  ];
  return fields.filter((field): field is SentField => field !== null);
}

function optional(label: string, value: string | null, long = false): SentField | null {
  return value ? { label, value, ...(long ? { long } : {}) } : null;
}

/** "ada-cv.pdf (PDF, 12.3 KB)": the name the candidate's file had, or the API's name for it. */
export function resumeDescription(application: Pick<Application, 'resumeGivenName' | 'resumeName' | 'resumeSize'>) {
  return `${application.resumeGivenName ?? application.resumeName} (PDF, ${byteSize(application.resumeSize)})`;
}

export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "27 November 2026, 09:15 UTC": one time zone for everyone, said so. */
export function receivedText(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** "27 November 2029": a date without its time. */
export function dateText(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The name the browser gave the file, kept for the candidate to recognise it: its last path
 * part, on one line with nothing that reorders text, at most 200 characters; null when nothing
 * printable is left. It never names a file the API writes or serves.
 */
export function givenResumeName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[/\\]/).pop() ?? '';
  const printable = [...base].filter((char) => isOneLineText(char)).join('');
  const cleaned = [...printable.trim()].slice(0, 200).join('').trim();
  return cleaned === '' ? null : cleaned;
}
