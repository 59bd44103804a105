import type { RemoteName } from '@board/shared/config/remotes';
import { ErrorPanel } from '@board/shared/ui/error-panel';
import { PageLoading } from '@board/shared/ui/page-loading';
import { PageTitle } from '@board/shared/ui/page-title';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { loadRemotePage, resetRemote } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';

/**
 * One lazy component per exposed module, kept across navigations so that returning to a page
 * does not flash the loading placeholder. A failed load is dropped from the cache on Retry.
 */
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

function remotePage(remote: RemoteName, module: string, startNow = false) {
  const key = `${remote}/${module}`;
  let page = pages.get(key);
  if (!page) {
    // Started now (the first page of the visit) or when first rendered; a failure surfaces in the
    // page's error boundary either way.
    const started = startNow ? loadRemotePage(remote, module) : null;
    started?.catch(() => undefined);
    page = lazy(() => started ?? loadRemotePage(remote, module));
    pages.set(key, page);
  }
  return page;
}

/**
 * Starts loading the first page's remote module before React renders the shell, so the remote's
 * start-up overlaps the shell's first render instead of following it.
 */
export function preloadRemotePage(remote: RemoteName, module: string) {
  remotePage(remote, module, true);
}

/**
 * A route served by a remote: a loading placeholder while its code arrives, and its own error
 * boundary, so a remote that is down never takes the header, the footer or the other remotes
 * with it. Retry loads that remote again without a page reload.
 */
export function RemotePage({ remote, module, title }: { remote: RemoteName; module: string; title: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = remotePage(remote, module);

  const retry = () => {
    pages.delete(`${remote}/${module}`);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      fallback={
        <>
          <PageTitle>{title}</PageTitle>
          <ErrorPanel onRetry={retry} />
        </>
      }
    >
      <Suspense
        fallback={
          <>
            <PageTitle>{title}</PageTitle>
            <PageLoading />
          </>
        }
      >
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
