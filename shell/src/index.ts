// Start the downloads the first page needs before the async boundary below loads the shared
// modules: the runtime config, then each remote's manifest. bootstrap.tsx picks these up.
// (No imports here: anything imported before the boundary would be an eager shared module.)
const early = window as unknown as {
  __boardConfig?: Promise<unknown>;
  __boardManifests?: Map<string, Promise<string>>;
};
early.__boardManifests = new Map();
early.__boardConfig = fetch('/runtime-config.json').then(async (response) => {
  if (!response.ok) throw new Error(`Could not load /runtime-config.json: HTTP ${response.status}`);
  const config = (await response.json()) as { remotes?: Record<string, string> };
  for (const url of __SINGLE_BUNDLE__ ? [] : Object.values(config.remotes ?? {})) {
    if (typeof url !== 'string') continue;
    const manifest = fetch(url).then((r) =>
      r.ok ? r.text() : Promise.reject(new Error(`manifest: HTTP ${r.status}`)),
    );
    manifest.catch(() => undefined);
    early.__boardManifests?.set(url, manifest);
  }
  return config;
});
early.__boardConfig.catch(() => undefined);

import('./bootstrap');
