/**
 * What the detail page's apply button does (the SPEC contradicts itself here; this is the reading the product settled on):
 * - an application URL on the board's own origin, or a relative one: in-site, to
 *   /job/{id}/apply, keeping talent_partner_id and application_source from the current URL;
 * - an external http(s) URL: a new tab (noopener, noreferrer) with a toast;
 * - none, or any other scheme (javascript:, data:, ...): the button is disabled.
 */
export type ApplyAction =
  | { kind: 'in-site'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'none'; reason: string };

const carriedParams = ['talent_partner_id', 'application_source'] as const;

export function applyAction(options: {
  jobId: string;
  applicationUrl: string;
  siteUrl: string;
  search: string;
}): ApplyAction {
  const raw = options.applicationUrl.trim();
  if (!raw) return { kind: 'none', reason: 'This job has no application link yet.' };
  let url: URL;
  try {
    url = new URL(raw, options.siteUrl);
  } catch {
    return { kind: 'none', reason: 'This job’s application link is not valid.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'none', reason: 'This job’s application link is not valid.' };
  }
  if (url.origin === new URL(options.siteUrl).origin) {
    const current = new URLSearchParams(options.search);
    const kept = new URLSearchParams();
    for (const name of carriedParams) {
      const value = current.get(name);
      if (value) kept.set(name, value);
    }
    const query = kept.toString();
    return { kind: 'in-site', to: `/job/${encodeURIComponent(options.jobId)}/apply${query ? `?${query}` : ''}` };
  }
  return { kind: 'external', href: url.href };
}
