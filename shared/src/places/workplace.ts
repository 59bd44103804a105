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
