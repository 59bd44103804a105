import type { ReleasePointer } from '@board/shared/config/release-pointer';
import { type RemoteName, remoteNames } from '@board/shared/config/remotes';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { PageTitle } from '@board/shared/ui/page-title';
import { type ReactNode, useEffect, useState } from 'react';
import { loadedRemotes, remoteEntries } from './federation';
import { getPreviewDecision } from './preview-state';

interface ManifestInfo {
  version: string;
  error?: string;
}

interface ReleaseInfo {
  pointer: ReleasePointer | null;
  used: string | null;
}

/** A wide table scrolls on its own on a phone (the page does not); focusable, so the keyboard can scroll it. */
function ScrollingRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so the keyboard can scroll it
    <section aria-label={label} tabIndex={0} className="mt-6 overflow-x-auto">
      {children}
    </section>
  );
}

const tableClass = 'w-full min-w-[36rem] text-left text-sm [&_td]:pr-4 [&_th]:pr-4';

/**
 * /__status: which build of each remote this page uses (read from its mf-manifest.json) and, for
 * a remote with releases, its pointer (live, canary with its percent, previous) beside the
 * release this page uses.
 */
export function StatusPage() {
  const config = useRuntimeConfig();
  // Registered once at start-up.
  const [entries] = useState(remoteEntries);
  const preview = getPreviewDecision();
  const [manifests, setManifests] = useState<Record<string, ManifestInfo>>({});
  const [releases, setReleases] = useState<Partial<Record<RemoteName, ReleaseInfo>> | null>(null);
  const released = remoteNames.filter((name) => config.releases?.[name]);

  useEffect(() => {
    const names = remoteNames.filter((name) => config.releases?.[name]);
    if (names.length === 0) return;
    // The pointers' reader loads with this page only (it carries the pointer's validator).
    void import(/* webpackChunkName: "lazy-releases" */ './browser-releases').then(
      async ({ readPointers, usedRelease }) => {
        const pointers = await readPointers(config);
        setReleases(
          Object.fromEntries(
            names.map((name) => [
              name,
              { pointer: pointers[name] ?? null, used: usedRelease(config, name, entries[name]) },
            ]),
          ),
        );
      },
    );
  }, [config, entries]);

  useEffect(() => {
    for (const name of remoteNames) {
      const entry = entries[name];
      if (!entry) continue;
      fetch(entry)
        .then((response) => response.json() as Promise<{ metaData?: { buildInfo?: { buildVersion?: string } } }>)
        .then((manifest) =>
          setManifests((current) => ({
            ...current,
            [name]: { version: manifest.metaData?.buildInfo?.buildVersion ?? 'unknown' },
          })),
        )
        .catch((error: unknown) =>
          setManifests((current) => ({ ...current, [name]: { version: '', error: String(error) } })),
        );
    }
  }, [entries]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle>Status</PageTitle>
      <h1 className="text-2xl font-bold text-ink">Status</h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Environment</dt>
        <dd>{config.environment}</dd>
        <dt className="text-muted">Shell build</dt>
        <dd data-testid="shell-version">{__BUILD_VERSION__}</dd>
        <dt className="text-muted">API</dt>
        <dd>{config.apiBaseUrl}</dd>
      </dl>
      <ScrollingRegion label="Remotes">
        <table className={tableClass}>
          <caption className="sr-only">Remotes</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2">
                Remote
              </th>
              <th scope="col">Manifest</th>
              <th scope="col">Build</th>
              <th scope="col">Loaded by this page</th>
            </tr>
          </thead>
          <tbody>
            {remoteNames.map((name) => (
              <tr key={name} className="border-b border-line align-top">
                <th scope="row" className="py-2 font-medium">
                  {name}
                  {preview.kind === 'accepted' && preview.preview.remote === name ? ' (preview)' : ''}
                </th>
                <td className="break-all">{entries[name]}</td>
                <td data-testid={`${name}-version`}>
                  {manifests[name]?.error
                    ? `unreachable (${manifests[name]?.error})`
                    : (manifests[name]?.version ?? '…')}
                </td>
                <td>
                  {loadedRemotes.has(name) ? `yes, at ${loadedRemotes.get(name)?.at.toLocaleTimeString()}` : 'not yet'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingRegion>
      {released.length > 0 ? (
        <ScrollingRegion label="Releases">
          <table className={tableClass}>
            <caption className="py-2 text-left font-medium text-ink">Releases</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2">
                  Remote
                </th>
                <th scope="col">Live</th>
                <th scope="col">Canary</th>
                <th scope="col">Previous</th>
                <th scope="col">This page uses</th>
              </tr>
            </thead>
            <tbody>
              {released.map((name) => {
                const info = releases?.[name];
                const pointer = info?.pointer;
                const unread = releases === null ? '…' : 'unreadable';
                return (
                  <tr key={name} className="border-b border-line align-top">
                    <th scope="row" className="py-2 font-medium">
                      {name}
                    </th>
                    <td className="break-all" data-testid={`${name}-live`}>
                      {pointer ? (pointer.live ?? 'none') : unread}
                    </td>
                    <td className="break-all" data-testid={`${name}-canary`}>
                      {pointer
                        ? pointer.canary
                          ? `${pointer.canary.version} (${pointer.canary.percent}%)`
                          : 'none'
                        : unread}
                    </td>
                    <td className="break-all" data-testid={`${name}-previous`}>
                      {pointer ? (pointer.previous ?? 'none') : unread}
                    </td>
                    <td className="break-all" data-testid={`${name}-release`}>
                      {releases === null ? '…' : (info?.used ?? 'not a release')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollingRegion>
      ) : null}
    </div>
  );
}
