import { useState } from 'react';
import { previewStorageKey } from './preview';
import { getPreviewDecision } from './preview-state';

/** 'Previewing NAME from ORIGIN' with Exit, or the warning for a refused preview. */
export function PreviewBanner() {
  const decision = getPreviewDecision();
  const [dismissed, setDismissed] = useState(false);
  if (decision.kind === 'accepted') {
    return (
      <div
        role="status"
        className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow"
      >
        <span>
          Previewing <strong>{decision.preview.remote}</strong>
          {decision.preview.version ? (
            <>
              {' '}
              release <strong>{decision.preview.version}</strong>
            </>
          ) : null}{' '}
          from <strong>{decision.preview.origin}</strong>
        </span>
        <button
          type="button"
          onClick={() => {
            sessionStorage.removeItem(previewStorageKey);
            const url = new URL(window.location.href);
            url.searchParams.delete('preview_remote');
            url.searchParams.delete('preview_manifest');
            url.searchParams.delete('preview_version');
            window.location.assign(url.href);
          }}
          className="rounded-md border border-amber-900/40 bg-white px-3 py-1 font-medium hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-900"
        >
          Exit
        </button>
      </div>
    );
  }
  if (decision.kind === 'refused' && !dismissed) {
    return (
      <div
        role="alert"
        className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-3 bg-red-100 px-4 py-2 text-sm text-red-950 shadow"
      >
        <span>Preview refused: {decision.reason} Showing the normal site.</span>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="rounded-md border border-red-900/40 bg-white px-3 py-1 font-medium hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-900"
        >
          Dismiss
        </button>
      </div>
    );
  }
  return null;
}
