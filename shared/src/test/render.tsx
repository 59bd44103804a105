import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../react/runtime-config';

/** A runtime config for tests (the shape of shell/config/local.json). */
export function createRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    environment: 'test',
    apiBaseUrl: 'http://127.0.0.1:8000',
    siteUrl: 'http://127.0.0.1:8080',
    links: {
      signIn: 'https://app.example.test/sign-in',
      getStarted: 'https://example.test/sign-up',
      about: 'https://example.test/about',
      contactEmail: 'hello@example.test',
      x: 'https://x.com/example',
      linkedin: 'https://www.linkedin.com/company/example',
    },
    captcha: { mode: 'local', siteKey: '' },
    remotes: {
      listings: 'http://127.0.0.1:8081/mf-manifest.json',
      apply: 'http://127.0.0.1:8082/mf-manifest.json',
      static: 'http://127.0.0.1:8083/mf-manifest.json',
    },
    previewOrigins: [],
    ...overrides,
  };
}

/** Renders UI inside a memory router at `path`, with the runtime config provider. */
export function renderWithRouter(
  ui: ReactNode,
  {
    path = '/',
    routePath = '*',
    config = createRuntimeConfig(),
    onCaughtError,
  }: {
    path?: string;
    routePath?: string;
    config?: RuntimeConfig;
    onCaughtError?: RenderOptions['onCaughtError'];
  } = {},
) {
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '*', element: ui },
    ],
    {
      initialEntries: [path],
    },
  );
  const result = render(
    <RuntimeConfigProvider config={config}>
      <RouterProvider router={router} />
    </RuntimeConfigProvider>,
    { onCaughtError },
  );
  return { ...result, router };
}
