import { fetchRuntimeConfig } from '@board/shared/config/runtime-config';
import { QueryClient, QueryClientProvider } from '@board/shared/lib/query';
import { BrowserRouter, Link, Outlet, type RouteObject, useRoutes } from '@board/shared/lib/router';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { Toasts } from '@board/shared/react/toast';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Runs one remote on its own for development: its own router, QueryClient, Toaster and runtime
 * config (the dev server serves shell/config/local.json as /runtime-config.json). The shell's
 * header and footer are not here; a thin bar says which remote this is.
 */
export async function startStandalone(name: string, routes: RouteObject[]) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const config = await fetchRuntimeConfig();
  const tree: RouteObject[] = [
    {
      element: (
        <>
          <div className="border-b border-line bg-surface px-4 py-2 text-sm text-muted">
            <Link to="/" className="font-semibold text-ink">
              {name}
            </Link>{' '}
            remote, standalone (development)
          </div>
          <main id="main">
            <Outlet />
          </main>
          <Toasts />
        </>
      ),
      children: routes,
    },
  ];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  createRoot(container).render(
    <StrictMode>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter useTransitions={false}>
            <Routes routes={tree} />
          </BrowserRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </StrictMode>,
  );
}
