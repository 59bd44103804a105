import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import type { DehydratedState } from '@board/shared/lib/query';

/**
 * What the shell's server hands the browser with a page, and how the browser reads it back: the
 * one contract between shell/server/pages/assemble-page.ts, which writes it, and the shell's entry
 * (index.ts, bootstrap.tsx), which reads it. Two scripts:
 * - `window.__BOARD_BOOT__` (an inline script in the head): the config and the route's manifest,
 *   read before the first render instead of fetched;
 * - `#board-queries` (a JSON script after the content): the queries a rendered page was rendered
 *   with (TanStack Query's dehydrated state), so the browser starts from them and fetches nothing twice.
 */
export interface BootData {
  config: RuntimeConfig;
  /** Manifest text by manifest URL: the federation runtime uses it instead of fetching. */
  manifests: Record<string, string>;
  /**
   * Present when the server rendered the page: when (relative dates hydrate as rendered). There
   * is one page for every screen (CSS lays it out), so nothing else of the request is hydrated.
   */
  rendered?: { at: number };
}

/** The global the inline boot script sets. */
export const bootGlobal = '__BOARD_BOOT__';

/**
 * The page's boot globals, typed here once: the server's boot data, and the downloads the entry
 * (index.ts) starts before the async boundary for bootstrap.tsx and the federation to pick up: the
 * runtime config, and each remote's manifest text by its URL.
 */
export interface BootGlobals {
  [bootGlobal]?: BootData;
  __boardConfig?: Promise<unknown>;
  __boardManifests?: Map<string, Promise<string>>;
}

/** The id of the JSON script with the server's queries. */
export const queriesScriptId = 'board-queries';

/** The page's boot data, when the shell's server assembled the page (a static deployment has none). */
export function readBootData(): BootData | undefined {
  return (window as unknown as BootGlobals)[bootGlobal];
}

/** The queries a rendered page came with; null when it has none. */
export function readBootQueries(): DehydratedState | null {
  const text = document.getElementById(queriesScriptId)?.textContent;
  return text ? (JSON.parse(text) as DehydratedState) : null;
}
