import type { RemoteName } from '@board/shared/config/remotes';
import type { RemotePageModule } from '@board/shared/lib/federation';
import { ErrorPanel } from '@board/shared/ui/error-panel';
import { PageLoading } from '@board/shared/ui/page-loading';
import { PageTitle } from '@board/shared/ui/page-title';
import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useContext,
  useState,
} from 'react';
import { loadRemotePage, resetRemote } from './federation';
import { HydrationMark } from './hydration-mark';
import { RemoteErrorBoundary } from './remote-error-boundary';

/** A remote page module already loaded: `remote/module` and its component. */
export interface FirstPage {
  key: string;
  Component: ComponentType;
}

export const pageKey = (remote: RemoteName, module: string) => `${remote}/${module}`;

/**
 * The first page's component, loaded before the first render: the shell's server renders it
 * without suspending, and the browser hydrates it without waiting for a lazy module.
 */
const FirstPageContext = createContext<FirstPage | null>(null);
export const FirstPageProvider = FirstPageContext.Provider;

/**
 * One lazy component per exposed module, kept across navigations so that returning to a page
 * does not flash the loading placeholder. A failed load is dropped from the cache on Retry.
 */
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

function remotePage(remote: RemoteName, module: string) {
  const key = pageKey(remote, module);
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, module));
    pages.set(key, page);
  }
  return page;
}

/**
 * Starts loading the first page's remote module before React renders the shell, so the remote's
 * start-up overlaps the shell's first render instead of following it (and a server-rendered page
 * hydrates with it loaded). A failure surfaces in the page's error boundary.
 */
export function preloadRemotePage(remote: RemoteName, module: string): Promise<RemotePageModule> {
  const started = loadRemotePage(remote, module);
  started.catch(() => undefined);
  pages.set(
    pageKey(remote, module),
    lazy(() => started),
  );
  return started;
}

/**
 * A route served by a remote: a loading placeholder while its code arrives, and its own error
 * boundary, so a remote that is down never takes the header, the footer or the other remotes
 * with it. Retry loads that remote again without a page reload.
 */
export function RemotePage({ remote, module, title }: { remote: RemoteName; module: string; title: string }) {
  const [attempt, setAttempt] = useState(0);
  const firstPage = useContext(FirstPageContext);
  const Page =
    attempt === 0 && firstPage?.key === pageKey(remote, module) ? firstPage.Component : remotePage(remote, module);

  const retry = () => {
    pages.delete(pageKey(remote, module));
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
        <HydrationMark />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
