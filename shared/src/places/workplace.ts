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
 * Whether a job shows and is described as remote: its type says so; or no type is given and its
 * text says remote; or it is typed on-site but its text names nowhere but where it may be done
 * from ('Remote (EU)' as On-site: the text is the more particular of the two).
 */
export function isShownRemote(job: {
  workplaceType?: string | null;
  places: readonly unknown[];
  remote: unknown | null;
}): boolean {
  const kind = workplaceKind(job.workplaceType);
  if (kind === 'Remote') return true;
  if (job.remote === null) return false;
  return kind === null || (kind === 'On-site' && job.places.length === 0);
}
