import { brand } from '@board/shared/lib/brand';
import type { OutboxMessage } from '../db/alert-tables';
import { escapeHtml } from '../lib/html-pages';
import { type AppliedJob, dateText, receivedText, type SentField } from './application-summary';

/**
 * The receipt of an application: one email to the address the application gives, in the outbox
 * with the application's own transaction. It says what was applied for and when, what was sent
 * (the resume by name and size), what happens next, and the private link to see, download or
 * withdraw it. Anyone can type any address into the form, so what was typed is only ever a value
 * on a line under our label, never a sentence of ours, and never in the subject.
 */
export interface ReceiptContent {
  job: AppliedJob;
  receivedAt: Date;
  fields: SentField[];
  /** The talent partner's id when one submitted it for the candidate. */
  talentPartnerId: string | null;
  /** The candidate's page (signed). */
  link: string;
  /** When the application is deleted at the latest. */
  keptUntil: Date;
}

function receiptSubject(job: AppliedJob): string {
  return `Your application to ${oneLine(job.title)} at ${oneLine(job.company)}`;
}

export function receiptEmail(to: string, content: ReceiptContent): OutboxMessage {
  const { job } = content;
  const when = receivedText(content.receivedAt);
  const opening = `We received your application to ${job.title} at ${job.company} on ${when}.`;
  const partner = content.talentPartnerId
    ? 'A talent partner submitted this application on your behalf, with this address as yours.'
    : null;
  const next = `What happens next: the hiring team at ${job.company} reviews the applications for this role and contacts you at this address if they want to take yours further. They decide alone, and we cannot promise a reply.`;
  const linkIntro = 'See your application, download your resume and your data, or withdraw and delete it:';
  const linkNote = `This link is private: anyone who has it can see and delete the application. It works until the application is deleted, on ${dateText(content.keptUntil)} at the latest (36 months after it was made).`;
  const notYou = 'Did not apply? Open the link and choose “Withdraw and delete”.';

  const fieldText = (field: SentField) =>
    field.long
      ? `  ${field.label}:\n${field.value
          .split(/\r\n|\r|\n/)
          .map((line) => `    ${line}`)
          .join('\n')}`
      : `  ${field.label}: ${field.value}`;
  const partnerText = content.talentPartnerId ? `  Talent partner ID: ${content.talentPartnerId}\n` : '';
  const text = [
    opening,
    ...(partner ? [partner] : []),
    `What was sent:\n${content.fields.map(fieldText).join('\n')}\n${partnerText}`.trimEnd(),
    next,
    `${linkIntro}\n${content.link}\n\n${linkNote}`,
    notYou,
    `--\n${brand.product} · ${brand.company}, ${brand.address.join(', ')}\n`,
  ].join('\n\n');

  const row = (label: string, value: string, long = false) =>
    `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0;${long ? 'white-space:pre-wrap;' : ''}">${escapeHtml(value)}</td></tr>`;
  const rows = [
    ...content.fields.map((field) => row(field.label, field.value, field.long)),
    ...(content.talentPartnerId ? [row('Talent partner ID', content.talentPartnerId)] : []),
  ].join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:600px"><p>${escapeHtml(opening)}</p>${partner ? `<p>${escapeHtml(partner)}</p>` : ''}<h2 style="font-size:16px">What was sent</h2><table style="border-collapse:collapse;font-size:14px">${rows}</table><p>${escapeHtml(next)}</p><p>${escapeHtml(linkIntro)}<br><a href="${escapeHtml(content.link)}">Your application</a></p><p style="font-size:13px;color:#555">${escapeHtml(linkNote)}</p><p style="font-size:13px;color:#555">${escapeHtml(notYou)}</p><hr><p style="font-size:13px;color:#555">${escapeHtml(brand.product)} · ${escapeHtml(brand.company)}, ${escapeHtml(brand.address.join(', '))}</p></body></html>`;

  return {
    to,
    subject: receiptSubject(job),
    text,
    html,
    // A transactional message: auto-responders do not answer it (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** A job's title or company on one line (a subject cannot carry a line break). */
const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029\t]+/g, ' ').trim();
