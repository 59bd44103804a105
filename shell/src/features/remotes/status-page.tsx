import { remoteNames } from '@board/shared/config/remotes';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { PageTitle } from '@board/shared/ui/page-title';
import { useEffect, useState } from 'react';
import { loadedRemotes, remoteEntries } from './federation';
import { getPreviewDecision } from './preview-state';

interface ManifestInfo {
  version: string;
  error?: string;
}

/** /__status: which build of each remote this page uses (read from its mf-manifest.json). */
export function StatusPage() {
  const config = useRuntimeConfig();
  // Registered once at start-up.
  const [entries] = useState(remoteEntries);
  const preview = getPreviewDecision();
  const [manifests, setManifests] = useState<Record<string, ManifestInfo>>({});

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
      <table className="mt-6 w-full text-left text-sm">
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
                {manifests[name]?.error ? `unreachable (${manifests[name]?.error})` : (manifests[name]?.version ?? '…')}
              </td>
              <td>
                {loadedRemotes.has(name) ? `yes, at ${loadedRemotes.get(name)?.at.toLocaleTimeString()}` : 'not yet'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
