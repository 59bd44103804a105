import type { ReactNode } from 'react';

/**
 * The root element of a remote's page. Its `data-remote` attribute is the `@scope` root of that
 * remote's CSS (docs/decisions/001-remote-css-scope.md): a remote's utilities style only its own
 * elements. Portals that render outside it must carry the same attribute.
 */
export function RemoteRoot({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-remote={name} className="contents">
      {children}
    </div>
  );
}
