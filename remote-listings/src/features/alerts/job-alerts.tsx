import type { JobSearch } from '@board/shared/api/job-search';
import { describeAlertSearch } from '@board/shared/forms/alert-description';
import { useLocation, useSearchParams } from '@board/shared/lib/router';
import { Button, buttonVariants } from '@board/shared/ui/button';
import { ModalDialog, useModalDialog } from '@board/shared/ui/modal-dialog';
import { BellRing, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useCountries } from '../../lib/places/use-countries';
import { PlainAlertForm } from './alert-fields';
import { alertNoticeParam, alertNoticeValue, alertSearchFields } from './subscribe-alert';

/**
 * The interactive form, with the alert's schema and the captcha's code, loads when the dialog first
 * opens (or the button is pointed at or focused), not with the board: most visitors never open it.
 */
const loadAlertForm = () => import(/* webpackChunkName: "alert-form" */ './alert-form');
const preloadAlertForm = () => void loadAlertForm().catch(() => undefined);

/** The form in the dialog; a load that failed (a network error) offers to try again. */
function useLazyAlertForm() {
  const [attempt, setAttempt] = useState(0);
  return useMemo(
    () =>
      lazy(() =>
        loadAlertForm().then(
          (module) => ({ default: module.AlertForm }),
          () => ({
            default: () => (
              <div role="alert" className="space-y-3 text-sm text-danger">
                <p>The form could not be loaded. Check your connection and try again.</p>
                <Button variant="outline" onClick={() => setAttempt(attempt + 1)}>
                  Try again
                </Button>
              </div>
            ),
          }),
        ),
      ),
    [attempt],
  );
}

interface Board {
  /** The board's search, as its page read it from the URL. */
  search: JobSearch;
  /** The workspace's slug, or null on all jobs. */
  workspaceSlug: string | null;
  /** Its name (or slug) for the words of the search. */
  workspaceName?: string | null;
}

/** The form's props for the board on screen: the search in the URL, in words and as fields, and the way back. */
function useAlertSearch({ search, workspaceSlug, workspaceName }: Board) {
  const location = useLocation();
  const back = new URLSearchParams(location.search);
  back.delete(alertNoticeParam);
  const query = back.toString();
  // A search with a country to work from names it (the names load then: use-countries.ts).
  const { countries } = useCountries(search.from !== '');
  return {
    description: describeAlertSearch(
      search,
      workspaceSlug ? { name: workspaceName || workspaceSlug } : {},
      countries?.countryName ?? ((code) => code),
    ),
    searchFields: alertSearchFields(search, workspaceSlug),
    returnTo: query ? `${location.pathname}?${query}` : location.pathname,
  };
}

/**
 * 'Get job alerts' next to the count. Before the page is hydrated (and without JavaScript) it is a
 * disclosure holding the plain form, which posts to the API and comes back to the board; once
 * hydrated, a button of the same size opening the same form in a modal dialog. A disclosure the
 * visitor opened before hydration stays as it is (with what was typed in it) until it is closed.
 */
export function JobAlerts(board: Board) {
  const details = useRef<HTMLDetailsElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => {
    if (!details.current?.open) setEnhanced(true);
  }, []);
  const form = useAlertSearch(board);
  const button = useRef<HTMLButtonElement>(null);
  const { open, show, close, titleId, dialogProps } = useModalDialog(() => button.current?.focus());
  const AlertForm = useLazyAlertForm();
  // Mounted at the first opening, then kept: what was typed is still there when it opens again.
  const [formMounted, setFormMounted] = useState(false);

  // Focus goes into the dialog at its first field (the close button comes first in the markup): at
  // once when the form is there, or by the form itself when it first appears.
  const openForm = () => {
    setFormMounted(true);
    show();
    dialogProps.ref.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  };

  if (!enhanced) {
    return (
      <details
        ref={details}
        className="group max-w-full text-sm open:basis-full"
        onToggle={(event) => {
          if (!event.currentTarget.open) setEnhanced(true);
        }}
      >
        <summary
          className={buttonVariants({
            variant: 'outline',
            className: 'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
          })}
        >
          <BellRing aria-hidden="true" />
          Get job alerts
        </summary>
        <div className="mt-2 w-full max-w-sm rounded-lg border border-line bg-white p-4">
          <PlainAlertForm {...form} />
        </div>
      </details>
    );
  }
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openForm}
        onPointerEnter={preloadAlertForm}
        onFocus={preloadAlertForm}
      >
        <BellRing aria-hidden="true" />
        Get job alerts
      </Button>
      <ModalDialog {...dialogProps} className="inset-0 m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl">
        <div className="p-5">
          <div className="mb-3 flex items-center justify-between">
            <h2 id={titleId} className="text-lg font-semibold text-ink">
              Get job alerts
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close job alerts" onClick={close}>
              <X aria-hidden="true" />
            </Button>
          </div>
          {formMounted ? (
            <Suspense fallback={<p className="text-sm text-muted">Loading the form…</p>}>
              <AlertForm {...form} focusEmail />
            </Suspense>
          ) : null}
        </div>
      </ModalDialog>
    </>
  );
}

/** The notice on a board the plain form came back to. */
export function AlertNotice() {
  const [params] = useSearchParams();
  if (params.get(alertNoticeParam) !== alertNoticeValue) return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-line bg-surface p-3 text-sm text-ink">
      Check your inbox: we sent you a link to confirm your job alert.
    </p>
  );
}
