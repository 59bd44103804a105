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

function remotePage(remote: RemoteName, module: string) {
  const key = `${remote}/${module}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, module));
    pages.set(key, page);
  }
  return page;
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
