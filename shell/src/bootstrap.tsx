import './styles.css';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { hydrate } from '@board/shared/lib/query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, BoardBrowserRouter, createQueryClient } from './app';
import { type BootGlobals, readBootData, readBootQueries } from './boot-data';
import { releasesInUse } from './features/health/releases-in-use';
import { startViewReports } from './features/health/view-report';
import { registerBoardRemotes, usedRemotes } from './features/remotes/federation';
import { resolvePreview } from './features/remotes/preview';
import { setPreviewDecision } from './features/remotes/preview-state';
import { type FirstPage, pageKey, preloadRemotePage } from './features/remotes/remote-page';
import { reportCaughtError } from './features/remotes/report-caught-error';
import { matchBoardRoute } from './routes/board-routes';
import { yieldToBrowser } from './yield-to-browser';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

async function start(container: HTMLElement) {
  // This module's imports (React, the router, the federation runtime) were evaluated in this task;
  // the start gets one of its own.
  await yieldToBrowser();
  let config: RuntimeConfig;
  try {
    const early = window as unknown as BootGlobals;
    const boot = readBootData();
    if (boot) {
      // Validated by the shell's server before it was put in the page (scripts/serve-board.ts).
      config = boot.config;
    } else {
      // A static deployment: the file is validated here, and the validator loads only here.
      const { fetchRuntimeConfig, parseRuntimeConfig } = await import(
        /* webpackChunkName: "lazy-runtime-config" */ '@board/shared/config/runtime-config'
      );
      config = early.__boardConfig ? parseRuntimeConfig(await early.__boardConfig) : await fetchRuntimeConfig();
      // Remotes with releases: the browser reads their pointers (a server-assembled page names the releases).
      if (Object.keys(config.releases ?? {}).length > 0) {
        const { chooseBrowserReleases } = await import(
          /* webpackChunkName: "lazy-releases" */ './features/remotes/browser-releases'
        );
        config = await chooseBrowserReleases(config);
      }
    }
  } catch (error) {
    // Without its config the shell cannot find the API or the remotes: say so plainly.
    container.innerHTML =
      '<div role="alert" style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>An error occurred</h1><p>The site could not load its configuration. Please try again later.</p></div>';
    console.error(error);
    return;
  }
  const { decision, remotes } = resolvePreview(config, window.location.search, sessionStorage);
  setPreviewDecision(decision);
  if (decision.kind === 'refused') console.warn('[shell] preview refused:', decision.reason);
  registerBoardRemotes(remotes);
  // A page the shell's server sent reports its view to that server (a preview is no visitor's view,
  // and a static deployment has no server to take it); a board of no release asks for no token.
  if (readBootData() && decision.kind === 'none')
    startViewReports(() => releasesInUse(config, usedRemotes), Object.keys(config.releases ?? {}).length > 0);
  const first = matchBoardRoute(window.location.pathname);
  const firstLoad = first ? preloadRemotePage(first.route.remote, first.route.module) : null;
  const queryClient = createQueryClient();

  // A page the server rendered (shell/server/pages/render-page.tsx) is hydrated: the browser starts from
  // the server's queries and the remote page it rendered, so the markup is the same and nothing is
  // fetched twice. A preview session (the server renders production remotes only) and a page whose
  // remote does not load here are rendered anew.
  const rendered = readBootData()?.rendered;
  let firstPage: FirstPage | null = null;
  if (rendered && first && firstLoad && decision.kind === 'none') {
    const queries = readBootQueries();
    if (queries) hydrate(queryClient, queries);
    firstPage = await firstLoad.then(
      (module) => ({ key: pageKey(first.route.remote, first.route.module), Component: module.default }),
      () => null,
    );
    // The remote's modules ran in the task that delivered its last chunk: the router and
    // hydration start in tasks of their own, so no one task holds the main thread for all three.
    await yieldToBrowser();
  }
  const app = (
    <StrictMode>
      <App
        config={config}
        queryClient={queryClient}
        firstPage={firstPage}
        renderedAt={firstPage ? rendered?.at : undefined}
      >
        <BoardBrowserRouter />
      </App>
    </StrictMode>
  );
  const options = { onCaughtError: reportCaughtError, onRecoverableError: reportRecoverableError };
  // Hydration in a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the content is on screen already).
  if (firstPage) {
    await yieldToBrowser();
    startTransition(() => void hydrateRoot(container, app, options));
  } else createRoot(container, options).render(app);
}

/** A hydration mismatch is a defect of ours (the page still works): an error in the console. */
function reportRecoverableError(error: unknown) {
  console.error('[shell] the page was rendered again in the browser:', error);
}

void start(rootElement);
