/** The workplace a job is, from the board's or a vendor's word for it. */
export type WorkplaceKind = 'Remote' | 'Hybrid' | 'On-site';

/** The board's or a vendor's workplace word as one of three: 'OnSite', 'on-site' and 'In office' are 'On-site'. */
export function workplaceKind(value: string | null | undefined): WorkplaceKind | null {
  const word = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (word.includes('remote')) return 'Remote';
  if (word.includes('hybrid')) return 'Hybrid';
  if (/^(onsite|inoffice|office|inperson|officebased)$/.test(word)) return 'On-site';
  return null;
}

/**
 * Whether a job shows and is described as remote: its type says so, or no type is given and its
 * text says remote. An on-site or hybrid type wins over the text (read-places.ts).
 */
export function isShownRemote(job: { workplaceType?: string | null; remote: unknown | null }): boolean {
  const kind = workplaceKind(job.workplaceType);
  return kind === 'Remote' || (kind === null && job.remote !== null);
}
