import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import type { AppDefinition } from './app-definition';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `pnpm dev`'s server of an app: CORS, so the shell can load a remote's manifest from another
 * origin, live reload, and the local runtime config.
 */
export function devServerConfig(app: AppDefinition): NonNullable<Configuration['devServer']> {
  return {
    port: app.port,
    host: '127.0.0.1',
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    // The shell's page (8080) opens the live-reload socket of each remote's server too.
    allowedHosts: 'all',
    static: false,
    client: { overlay: { errors: true, warnings: false } },
    // The shell and each standalone remote read the local runtime config, fresh on every load.
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'runtime-config',
        path: '/runtime-config.json',
        middleware: (_req: unknown, res: { setHeader(name: string, value: string): void; end(body: string): void }) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          // `pnpm dev` serves the remotes' live builds, not the release store `pnpm serve` serves.
          const { releases: _releases, ...config } = JSON.parse(
            readFileSync(path.join(rootDir, 'shell/config/local.json'), 'utf8'),
          ) as Record<string, unknown>;
          res.end(JSON.stringify(config));
        },
      });
      return middlewares;
    },
  };
}
