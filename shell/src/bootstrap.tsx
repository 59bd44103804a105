import './styles.css';
import { fetchRuntimeConfig, parseRuntimeConfig } from '@board/shared/config/runtime-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient, createRouter } from './app';
import { registerBoardRemotes } from './features/remotes/federation';
import { resolvePreview } from './features/remotes/preview';
import { setPreviewDecision } from './features/remotes/preview-state';
import { reportCaughtError } from './features/remotes/report-caught-error';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

async function start(container: HTMLElement) {
  let config: Awaited<ReturnType<typeof fetchRuntimeConfig>>;
  try {
    const early = (window as unknown as { __boardConfig?: Promise<unknown> }).__boardConfig;
    config = early ? parseRuntimeConfig(await early) : await fetchRuntimeConfig();
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
  createRoot(container, {
    onCaughtError: reportCaughtError,
  }).render(
    <StrictMode>
      <App config={config} queryClient={createQueryClient()} router={createRouter()} />
    </StrictMode>,
  );
}

void start(rootElement);
