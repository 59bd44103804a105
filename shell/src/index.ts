// Start the downloads the first page needs before the async boundary below loads the shared
// modules. The shell's server puts the runtime config and the route's manifest in the page
// (boot-data.ts); a static deployment fetches /runtime-config.json, then each remote's
// manifest. bootstrap.tsx picks these up.
// (Type imports only here: anything imported before the boundary would be an eager shared module.)
import type { BootGlobals } from './boot-data';

const early = window as unknown as BootGlobals;
const manifests = new Map<string, Promise<string>>(
  Object.entries(early.__BOARD_BOOT__?.manifests ?? {}).map(([url, text]) => [url, Promise.resolve(text)]),
);
early.__boardManifests = manifests;
const fetchManifests = (config: { remotes?: Record<string, string>; releases?: Record<string, string> }) => {
  for (const [name, url] of __SINGLE_BUNDLE__ ? [] : Object.entries(config.remotes ?? {})) {
    // A remote with releases is loaded from the release its pointer names (bootstrap.tsx), not from here.
    if (typeof url !== 'string' || manifests.has(url) || config.releases?.[name]) continue;
    const manifest = fetch(url).then((r) =>
      r.ok ? r.text() : Promise.reject(new Error(`manifest: HTTP ${r.status}`)),
    );
    manifest.catch(() => undefined);
    manifests.set(url, manifest);
  }
  return config;
};
const boot = early.__BOARD_BOOT__;
// With the page's own manifest inline, the other remotes' manifests wait for the load event
// (features/remotes/federation.ts) instead of competing with the first view.
early.__boardConfig = boot
  ? Promise.resolve(boot.config)
  : fetch('/runtime-config.json').then(async (response) => {
      if (!response.ok) throw new Error(`Could not load /runtime-config.json: HTTP ${response.status}`);
      return fetchManifests(
        (await response.json()) as { remotes?: Record<string, string>; releases?: Record<string, string> },
      );
    });
early.__boardConfig.catch(() => undefined);

// A page the server rendered is painted before the scripts start (its scripts keep downloading):
// the content is on screen at once, and hydration follows in the next tasks. (A tab opened in the
// background paints no frames: it starts after a moment all the same.)
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./bootstrap');
};
if (boot?.rendered && typeof requestAnimationFrame === 'function') {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
} else start();
