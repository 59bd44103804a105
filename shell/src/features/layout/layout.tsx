import { Outlet } from '@board/shared/lib/router';
import { Toasts } from '@board/shared/react/toast';
import { lazy, Suspense } from 'react';
import { getPreviewDecision } from '../remotes/preview-state';
import { Footer } from './footer';
import { Header } from './header';
import { useScrollRestoration } from './use-scroll-restoration';
import { useServerHeadUntilNavigation } from './use-server-head';

/** Shown only in a preview session (or when one is refused): its code loads then, not on every page. */
const PreviewBanner = lazy(() =>
  import(/* webpackChunkName: "lazy-preview-banner" */ '../remotes/preview-banner').then((module) => ({
    default: module.PreviewBanner,
  })),
);

export function Layout() {
  useServerHeadUntilNavigation();
  useScrollRestoration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so pages that load their content do not shift it. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <Footer />
      {getPreviewDecision().kind === 'none' ? null : (
        <Suspense fallback={null}>
          <PreviewBanner />
        </Suspense>
      )}
      <Toasts />
    </div>
  );
}
