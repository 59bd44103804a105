import { requestUrl } from '@board/shared/api/api-client';
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
}

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
  /** The manifest of the route's remote, when the server could get it. */
  manifest: RemoteManifest | null;
  /** The shell's own startup chunks (paths under the site), preloaded beside main.js. */
  shellAssets: { js: string[]; css: string[] };
  /** The page's own head (title, description, preview tags, JSON-LD: see page-head.ts), in place of the built <title>. */
  head?: string;
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
export function assemblePage({ template, config, url, manifest, shellAssets, head }: AssembleInput): string {
  const plan = planPage(url.pathname);
  const previewed = url.searchParams.get('preview_remote');
  const useManifest = plan && manifest && previewed !== plan.route.remote ? manifest : null;
  const boot: BootData = { config, manifests: useManifest ? { [useManifest.url]: useManifest.text } : {} };

  const apiOrigin = new URL(config.apiBaseUrl).origin;
  const remote = useManifest && plan ? manifestAssets(useManifest, plan.route.module) : { js: [], css: [] };
  const remoteOrigin = useManifest ? new URL(useManifest.url).origin : null;
  const siteOrigin = url.origin;
  const apiCalls = (plan?.route.requests?.(plan.params) ?? []).map((request) => requestUrl(config.apiBaseUrl, request));

  const tags = [
    `<script>window.__BOARD_BOOT__=${scriptJson(boot)}</script>`,
    ...(apiOrigin !== siteOrigin ? [link({ rel: 'preconnect', href: apiOrigin, crossorigin: true })] : []),
    ...(remoteOrigin && remoteOrigin !== siteOrigin ? [link({ rel: 'preconnect', href: remoteOrigin })] : []),
    ...apiCalls.map((href) => link({ rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' })),
    ...[...shellAssets.css, ...remote.css].map((href) => link({ rel: 'preload', href, as: 'style' })),
    ...[...shellAssets.js, ...remote.js].map((href) => link({ rel: 'preload', href, as: 'script' })),
  ];
  const withoutConfigPreload = template.replace(/<link rel="preload" href="\/runtime-config\.json"[^>]*>/, '');
  return head === undefined
    ? withoutConfigPreload.replace('</title>', `</title>${tags.join('')}`)
    : withoutConfigPreload.replace(/<title>[^<]*<\/title>/, () => `${head}${tags.join('')}`);
}
