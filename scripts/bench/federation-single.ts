/**
 * The single-bundle stand-in for federation.ts (benchmark only: `singleBundle` in
 * rspack.shared.ts swaps it in). Same API; the remotes' exposed page modules are imported
 * directly, so the whole board is one build and the cost of federation can be measured.
 */
import type { RemoteName } from '../../shared/src/config/remotes';
import type { RemotePageModule } from '../../shared/src/lib/federation';

const pages: Record<string, () => Promise<RemotePageModule>> = {
  'listings/./jobs-page': () => import('../../remote-listings/src/exposed/jobs-page'),
  'listings/./companies-page': () => import('../../remote-listings/src/exposed/companies-page'),
  'listings/./company-page': () => import('../../remote-listings/src/exposed/company-page'),
  'listings/./job-detail-page': () => import('../../remote-listings/src/exposed/job-detail-page'),
  'listings/./saved-page': () => import('../../remote-listings/src/exposed/saved-page'),
  'apply/./apply-page': () => import('../../remote-apply/src/exposed/apply-page'),
  'apply/./success-page': () => import('../../remote-apply/src/exposed/success-page'),
  'static/./terms-page': () => import('../../remote-static/src/exposed/terms-page'),
  'static/./talent-scout-page': () => import('../../remote-static/src/exposed/talent-scout-page'),
  'static/./not-found-page': () => import('../../remote-static/src/exposed/not-found-page'),
};

let entries: Partial<Record<RemoteName, string>> = {};
export const loadedRemotes = new Map<RemoteName, { entry: string; at: Date }>();
export const usedRemotes = new Set<RemoteName>();

export function remoteEntries(): Partial<Record<RemoteName, string>> {
  return { ...entries };
}

export function registerBoardRemotes(remotes: Record<RemoteName, string>) {
  entries = { ...remotes };
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

export async function loadRemotePage(remote: RemoteName, module: string): Promise<RemotePageModule> {
  const load = pages[`${remote}/${module}`];
  if (!load) throw new RemoteLoadError(`No page ${module} in ${remote}`);
  usedRemotes.add(remote);
  const page = await load();
  loadedRemotes.set(remote, { entry: 'bundled', at: new Date() });
  return page;
}

export function resetRemote(_remote: RemoteName) {}
