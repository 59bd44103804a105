import { salaryText } from '@board/shared/api/job-display';
import type { JobSearch } from '@board/shared/api/job-search';
import { alertBoardName, alertSearchTerms } from '@board/shared/forms/alert-description';
import { brand } from '@board/shared/lib/brand';
import { countryName } from '@board/shared/places/countries';
import type { OutboxMessage } from '../db/alert-tables';
import { escapeHtml } from '../lib/html-pages';

/**
 * The alert emails, as pure functions of their content: each is multipart (HTML and plain text)
 * and carries List-Unsubscribe with the one-click POST of RFC 8058, plus a visible unsubscribe
 * and manage link. Anyone may ask for an alert for any address, so what the asker typed (the
 * search's words) is never in a subject, and a body shows it only quoted, as the words searched
 * for, on a labelled line of its own (`alertSearchTerms`): it never reads as a sentence of ours.
 */

/** The search an alert follows, and the board it follows it on (a workspace's name, or all jobs). */
export interface FollowedSearch {
  search: JobSearch;
  board?: { name?: string };
}
export interface AlertLinks {
  confirm?: string;
  unsubscribe: string;
  manage: string;
}

export interface DigestJob {
  id: number;
  title: string;
  company: string;
  location: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
}

/** At most this many jobs in one digest; the rest are a link to the board's search. */
export const digestMaxJobs = 20;

function listHeaders(links: AlertLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function layout(body: string, links: AlertLinks): string {
  const a = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:600px">${body}<hr><p style="font-size:13px;color:#555">${a(links.manage, 'Manage alerts')} · ${a(links.unsubscribe, 'Unsubscribe')}<br>${escapeHtml(brand.company)}, ${escapeHtml(brand.address.join(', '))}</p></body></html>`;
}

function footerText(links: AlertLinks): string {
  return `\n--\nManage alerts: ${links.manage}\nUnsubscribe: ${links.unsubscribe}\n${brand.company}, ${brand.address.join(', ')}\n`;
}

/** The search, a term a line, what was typed in quotes. */
function searchText({ search, board }: FollowedSearch): string {
  return alertSearchTerms(search, board ?? {}, countryName)
    .map((term) => `  ${term.label}: ${term.typed ? `“${term.value}”` : term.value}`)
    .join('\n');
}

function searchHtml({ search, board }: FollowedSearch): string {
  const typed = (value: string) =>
    `“<span style="font-family:ui-monospace,monospace;background:#f3f4f6">${escapeHtml(value)}</span>”`;
  return `<ul style="padding-left:18px">${alertSearchTerms(search, board ?? {}, countryName)
    .map((term) => `<li>${escapeHtml(term.label)}: ${term.typed ? typed(term.value) : escapeHtml(term.value)}</li>`)
    .join('')}</ul>`;
}

/** A subject's mention of the alert: the board it follows, never the words searched for. */
const subjectBoard = (followed: FollowedSearch) => `(${alertBoardName(followed.board)})`;

export function confirmationEmail(
  to: string,
  followed: FollowedSearch,
  links: AlertLinks & { confirm: string },
): OutboxMessage {
  const subject = `Confirm your job alert ${subjectBoard(followed)}`;
  const text = `Please confirm your ${brand.product} job alert. It follows this search:\n\n${searchText(followed)}\n\nConfirm: ${links.confirm}\n\nIf you did not ask for this, ignore this email: nothing will be sent, and the address is deleted within 7 days.\n${footerText(links)}`;
  const html = layout(
    `<p>Please confirm your ${escapeHtml(brand.product)} job alert. It follows this search:</p>${searchHtml(followed)}<p><a href="${escapeHtml(links.confirm)}">Confirm the alert</a></p><p>If you did not ask for this, ignore this email: nothing will be sent, and the address is deleted within 7 days.</p>`,
    links,
  );
  return { to, subject, text, html, headers: listHeaders(links) };
}

export function alreadySubscribedEmail(to: string, followed: FollowedSearch, links: AlertLinks): OutboxMessage {
  const subject = `You already have this job alert ${subjectBoard(followed)}`;
  const text = `You already have a ${brand.product} job alert that follows this search:\n\n${searchText(followed)}\n\nNothing changed. To pause or delete it: ${links.manage}\n${footerText(links)}`;
  const html = layout(
    `<p>You already have a ${escapeHtml(brand.product)} job alert that follows this search:</p>${searchHtml(followed)}<p>Nothing changed.</p>`,
    links,
  );
  return { to, subject, text, html, headers: listHeaders(links) };
}

/** A digest: the new jobs (at most `digestMaxJobs`), and a link to the board's search when there are more. */
export function digestEmail(
  to: string,
  content: FollowedSearch & { jobs: DigestJob[]; more: boolean; siteUrl: string; searchPath: string },
  links: AlertLinks,
): OutboxMessage {
  const jobs = content.jobs.slice(0, digestMaxJobs);
  const more = content.more || content.jobs.length > digestMaxJobs;
  const count = more ? `${jobs.length}+` : String(jobs.length);
  const subject = `${count} new ${jobs.length === 1 && !more ? 'job' : 'jobs'} for your job alert ${subjectBoard(content)}`;
  const jobUrl = (job: DigestJob) => `${content.siteUrl}/job/${job.id}`;
  const searchUrl = `${content.siteUrl}${content.searchPath}`;
  const details = (job: DigestJob) =>
    [job.company, job.location, salaryText(job.salaryMin, job.salaryMax, job.salaryCurrency)].filter(Boolean);
  const text = `New jobs for your ${brand.product} job alert. It follows this search:\n\n${searchText(content)}\n\n${jobs
    .map((job) => `${job.title}\n${details(job).join(' · ')}\n${jobUrl(job)}\n`)
    .join(
      '\n',
    )}${more ? `\nMore new jobs match: ${searchUrl}\n` : `\nThe search on the board: ${searchUrl}\n`}${footerText(links)}`;
  const items = jobs
    .map(
      (job) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(jobUrl(job))}"><strong>${escapeHtml(job.title)}</strong></a><br>${escapeHtml(details(job).join(' · '))}</li>`,
    )
    .join('');
  const html = layout(
    `<p>New jobs for your ${escapeHtml(brand.product)} job alert. It follows this search:</p>${searchHtml(content)}<ul style="padding-left:18px">${items}</ul><p><a href="${escapeHtml(searchUrl)}">${more ? 'See all the new jobs on the board' : 'Open the search on the board'}</a></p>`,
    links,
  );
  return { to, subject, text, html, headers: listHeaders(links) };
}
