import { requestUrl } from '@board/shared/api/api-client';
import { callRequest } from '@board/shared/api/requests';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { scriptJson } from '@board/shared/lib/script-json';
import { type BoardRoute, matchBoardRoute } from '../src/routes/board-routes';
import { escapeHtml } from './html-escape';
import { manifestAssets, type RemoteManifest } from './manifest-cache';

/** What the shell reads before its first render instead of fetching it (see src/index.ts). */
export interface BootData {
  config: RuntimeConfig;
  /** Manifest text by manifest URL: the federation runtime uses it instead of fetching. */
  manifests: Record<string, string>;
  /**
   * Present when the server rendered the page: when (relative dates hydrate as rendered). The
   * queries it rendered with are in the JSON script `#board-queries` after the content (the
   * browser's QueryClient starts from them), so they do not hold up the first paint.
   */
  rendered?: { at: number };
}

/** The id of the JSON script with the server's queries (TanStack Query's dehydrated state). */
export const queriesScriptId = 'board-queries';

export interface PagePlan {
  route: BoardRoute;
  params: Record<string, string | undefined>;
}

/** The route of a path: which remote and exposed module serve it, with its parameters. */
export function planPage(pathname: string): PagePlan | null {
  return matchBoardRoute(pathname);
}

export interface AssembleInput {
  /** The shell's built index.html. */
  template: string;
  config: RuntimeConfig;
  url: URL;
  /** The route of `url` (planPage), when the caller has it already. */
  plan?: PagePlan | null;
  /** The manifest of the route's remote, when the server could get it. */
  manifest: RemoteManifest | null;
  /** The shell's own startup chunks (paths under the site), preloaded beside main.js. */
  shellAssets: { js: string[]; css: string[] };
  /** The page's own head (title, description, preview tags, JSON-LD: see page-head.ts), in place of the built <title>. */
  head?: string;
  /** The page as the server rendered it (render-page.tsx); without it the browser renders the page. */
  rendered?: { html: string; head: string; queries: string; at: number };
}

const link = (attributes: Record<string, string | true>) =>
  `<link ${Object.entries(attributes)
    .map(([name, value]) => (value === true ? name : `${name}="${escapeHtml(value)}"`))
    .join(' ')}>`;

/**
 * The page the shell's server sends: the built index.html with the runtime config and the route's
 * manifest inline, `preconnect` to the remote and API origins, and `preload` for the shell's
 * startup chunks, the route's remote entry, exposed chunks and CSS, and the route's first API
 * calls, so code and data download at the same time instead of one discovery after another.
 */
export function assemblePage({
  template,
  config,
  url,
  plan = planPage(url.pathname),
  manifest,
  shellAssets,
  head,
  rendered,
}: AssembleInput): string {
  const previewed = url.searchParams.get('preview_remote');
  const useManifest = plan && manifest && previewed !== plan.route.remote ? manifest : null;
  const boot: BootData = {
    config,
    manifests: useManifest ? { [useManifest.url]: useManifest.text } : {},
    ...(rendered ? { rendered: { at: rendered.at } } : {}),
  };

  const apiOrigin = new URL(config.apiBaseUrl).origin;
  const remote = useManifest && plan ? manifestAssets(useManifest, plan.route.module) : { js: [], css: [] };
  const remoteOrigin = useManifest ? new URL(useManifest.url).origin : null;
  const siteOrigin = url.origin;
  // A rendered page carries its data: nothing to preload.
  const calls = rendered ? [] : (plan?.route.calls?.(plan.params) ?? []);
  const apiCalls = calls.map((call) => requestUrl(config.apiBaseUrl, callRequest(call)));

  const tags = [
    `<script>window.__BOARD_BOOT__=${scriptJson(boot)}</script>`,
    ...(rendered?.head ? [rendered.head] : []),
    ...(apiOrigin !== siteOrigin ? [link({ rel: 'preconnect', href: apiOrigin, crossorigin: true })] : []),
    ...(remoteOrigin && remoteOrigin !== siteOrigin ? [link({ rel: 'preconnect', href: remoteOrigin })] : []),
    ...apiCalls.map((href) => link({ rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' })),
    // A rendered page is styled before any script runs (and without scripts): stylesheets, not
    // preloads (the browser's loaders find them in the page and do not add them twice).
    ...[...shellAssets.css, ...remote.css].map((href) =>
      rendered ? link({ rel: 'stylesheet', href }) : link({ rel: 'preload', href, as: 'style' }),
    ),
    ...[...shellAssets.js, ...remote.js].map((href) => link({ rel: 'preload', href, as: 'script' })),
  ];
  let page = template.replace(/<link rel="preload" href="\/runtime-config\.json"[^>]*>/, '');
  page =
    head === undefined
      ? page.replace('</title>', `</title>${tags.join('')}`)
      : page.replace(/<title>[^<]*<\/title>/, () => `${head}${tags.join('')}`);
  // The content in #root, and no "needs JavaScript" notice: the page reads without it.
  if (rendered)
    page = page
      .replace(/<noscript>.*?<\/noscript>/s, '')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${rendered.html}</div><script type="application/json" id="${queriesScriptId}">${rendered.queries}</script>`,
      );
  return page;
}
