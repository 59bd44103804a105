import { requestUrl } from '@board/shared/api/api-client';
import { requestOfCall } from '@board/shared/api/requests';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { scriptJson } from '@board/shared/lib/script-json';
import { type BootData, bootGlobal, queriesScriptId } from '../../src/boot-data';
import { escapeHtml } from '../http/html-escape';
import { manifestAssets, type RemoteManifest } from '../remotes/manifest-cache';
import { addressScript } from './board-address';
import { type PagePlan, pageCalls, planPage } from './page-plan';

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
  /**
   * Stylesheets to write into the page, by address (stylesheets.ts): the first view paints with no
   * stylesheet request. The bundlers' CSS loaders find them by `data-href` and do not load them again.
   */
  inlineStyles?: Map<string, string>;
  /** `url` is not the address the visitor asked for but the server's read of it (board-address.ts). */
  readAddress?: boolean;
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
  plan = planPage(url.pathname, url.searchParams),
  manifest,
  shellAssets,
  head,
  rendered,
  inlineStyles = new Map(),
  readAddress = false,
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
  // The site's origin from the config, never from the request (its Host header is the client's to choose).
  const siteOrigin = new URL(config.siteUrl).origin;
  // A rendered page carries its data: nothing to preload.
  const calls = rendered || !plan ? [] : pageCalls(plan);
  const apiCalls = calls.flatMap((call) => {
    const request = requestOfCall(call);
    return request ? [requestUrl(config.apiBaseUrl, request)] : [];
  });

  const tags = [
    ...(readAddress ? [addressScript(url)] : []),
    `<script>window.${bootGlobal}=${scriptJson(boot)}</script>`,
    ...(rendered?.head ? [rendered.head] : []),
    ...(apiOrigin !== siteOrigin ? [link({ rel: 'preconnect', href: apiOrigin, crossorigin: true })] : []),
    ...(remoteOrigin && remoteOrigin !== siteOrigin ? [link({ rel: 'preconnect', href: remoteOrigin })] : []),
    ...apiCalls.map((href) => link({ rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' })),
    // A rendered page is styled before any script runs (and without scripts): its stylesheets in
    // the page, or linked (not preloaded: the browser's loaders find them and do not add them twice).
    ...[...shellAssets.css, ...remote.css].map((href) => {
      const text = inlineStyles.get(href);
      if (text !== undefined) return `<style data-href="${escapeHtml(href)}">${text}</style>`;
      return rendered ? link({ rel: 'stylesheet', href }) : link({ rel: 'preload', href, as: 'style' });
    }),
  ];
  if (!rendered)
    tags.push(...[...shellAssets.js, ...remote.js].map((href) => link({ rel: 'preload', href, as: 'script' })));
  let page = template.replace(/<link rel="preload" href="\/runtime-config\.json"[^>]*>/, '');
  page =
    head === undefined
      ? page.replace('</title>', `</title>${tags.join('')}`)
      : page.replace(/<title>[^<]*<\/title>/, () => `${head}${tags.join('')}`);
  // The content in #root, and no "needs JavaScript" notice: the page reads without it. The
  // scripts hydrate a rendered page, they do not paint it: a small loader after the content asks
  // for them once the first frame is painted, so nothing the browser fetches or evaluates stands
  // between the HTML and the first paint (Lighthouse's LCP), and hydration follows it.
  const entry = /<script defer src="([^"]*)"><\/script>/.exec(page);
  if (rendered)
    page = page
      .replace(entry?.[0] ?? '', '')
      .replace(/<noscript>.*?<\/noscript>/s, '')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${rendered.html}</div><script type="application/json" id="${queriesScriptId}">${rendered.queries}</script>${scriptsAfterPaint(entry?.[1] ?? '', [...shellAssets.js, ...remote.js])}`,
      );
  return page;
}

/**
 * The loader of a rendered page's scripts: after the first frame, preloads for the chunks the
 * app needs at once (so they download side by side) and the shell's entry. Its addresses are data
 * attributes, its code fixed (allowed by its hash).
 */
function scriptsAfterPaint(entry: string, preloads: string[]): string {
  const code =
    "(function(s){function go(){JSON.parse(s.dataset.preload).forEach(function(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h;document.head.appendChild(l)});var e=document.createElement('script');e.src=s.dataset.entry;document.body.appendChild(e)}if(window.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(go,0)});else go()})(document.currentScript)";
  return `<script id="board-scripts" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(JSON.stringify(preloads))}">${code}</script>`;
}
