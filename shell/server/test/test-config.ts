import type { RuntimeConfig } from '@board/shared/config/runtime-config';

/**
 * The runtime config the shell's server tests serve pages with: the site on 9001, each remote on
 * its own port, nothing reachable (the tests answer the API themselves). `apiBaseUrl` is the test's
 * choice: on the site's own origin or apart from it.
 */
export function testConfig(apiBaseUrl: string): RuntimeConfig {
  return {
    environment: 'test',
    apiBaseUrl,
    siteUrl: 'http://127.0.0.1:9001',
    links: { signIn: 'https://app.example.test/sign-in', getStarted: 'https://app.example.test/sign-up' },
    remotes: {
      listings: 'http://127.0.0.1:9002/mf-manifest.json',
      apply: 'http://127.0.0.1:9003/mf-manifest.json',
      static: 'http://127.0.0.1:9004/mf-manifest.json',
    },
    previewOrigins: [],
  } as unknown as RuntimeConfig;
}
