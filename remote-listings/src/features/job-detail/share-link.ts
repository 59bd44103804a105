/**
 * The link a shared job carries: the board's own address and /job/{id}, nothing else (no query
 * string, no fragment: a talent partner id or a filter of the visitor's never travels with it).
 */
export function shareLink(siteUrl: string, jobId: string): string {
  return new URL(`/job/${encodeURIComponent(jobId)}`, siteUrl).href;
}
