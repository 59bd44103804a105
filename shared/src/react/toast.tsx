import { toasterSettings } from '@board/shared/lib/toaster-settings';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Toasts of the board, once per page: every app calls `toast` from here, never from sonner
 * (Biome refuses that import outside this file). No page shows a toast before its visitor acts
 * (shares a job, applies, subscribes), so sonner is not part of a first view: the first toast
 * loads it, mounts the <Toasts> region, and is shown once the region listens. This module is a
 * federation singleton (its state is the page's), and so is sonner behind it.
 */
type Sonner = typeof import('sonner');

let wanted = false;
const listeners = new Set<() => void>();
let sonner: Promise<Sonner> | null = null;
let listening: () => void = () => {};
const regionListens = new Promise<void>((resolve) => {
  listening = resolve;
});

const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

/**
 * Loads sonner ahead of a toast that is about to come (nothing is shown): the first toast then
 * waits on no download. Tests call it first, so a toast's first appearance is not timed with a
 * module's transform.
 */
export function preloadToasts(): Promise<unknown> {
  return loadSonner();
}

function whenShown(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([loadSonner(), regionListens]).then(([loaded]) => loaded);
}

type Show = (message: string) => void;

/** `toast(message)`, `toast.success(message)`, `toast.error(message)`, as sonner's. */
export const toast: Show & { success: Show; error: Show } = Object.assign(
  (message: string) => void whenShown().then(({ toast: show }) => show(message)),
  {
    success: (message: string) => void whenShown().then(({ toast: show }) => show.success(message)),
    error: (message: string) => void whenShown().then(({ toast: show }) => show.error(message)),
  },
);

/** Sonner's Toaster; once its own effect has subscribed to the toasts, the waiting ones can go. */
function ListeningToaster({ Toaster }: { Toaster: Sonner['Toaster'] }) {
  useEffect(() => listening(), []);
  return <Toaster {...toasterSettings} hotkey={[...toasterSettings.hotkey]} />;
}

const Region = lazy(async () => {
  const { Toaster } = await loadSonner();
  return { default: () => <ListeningToaster Toaster={Toaster} /> };
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's toast region (SPEC section 9's settings): mounted with the first toast. */
export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  ) : null;
}
