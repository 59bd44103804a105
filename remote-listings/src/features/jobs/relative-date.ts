const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * 'Posted 3 days ago' for a posted date, seen from `now` (passed in, so a render never depends
 * on the clock): just now, hours, days, weeks, months, years; null without a valid date. Elapsed
 * time rather than calendar days, so the text is the same in every time zone.
 */
export function relativePostedText(postedAt: string | null, now: number): string | null {
  const time = postedAt ? Date.parse(postedAt) : Number.NaN;
  if (Number.isNaN(time)) return null;
  const elapsed = Math.max(0, now - time);
  if (elapsed < hour) return 'Posted just now';
  if (elapsed < day) return `Posted ${plural(Math.floor(elapsed / hour), 'hour')}`;
  const days = Math.floor(elapsed / day);
  if (days === 1) return 'Posted yesterday';
  if (days < 7) return `Posted ${plural(days, 'day')}`;
  if (days < 30) return `Posted ${plural(Math.floor(days / 7), 'week')}`;
  if (days < 365) return `Posted ${plural(Math.floor(days / 30), 'month')}`;
  return `Posted ${plural(Math.floor(days / 365), 'year')}`;
}
