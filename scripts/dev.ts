/**
 * `pnpm dev [app ...]`: development servers with live reload, each app on its own origin and
 * port (shell 8080, listings 8081, apply 8082, static 8083), the shell loading the remotes from
 * their dev servers. `pnpm dev listings` runs one remote standalone at http://localhost:8081.
 */
import { rspack } from '@rspack/core';
import { RspackDevServer } from '@rspack/dev-server';
import { createConfig } from '../rspack.shared';
import { selectApps } from './apps';

const selected = selectApps(process.argv.slice(2));
const servers: RspackDevServer[] = [];

for (const app of selected) {
  const config = createConfig(app, { mode: 'development', buildVersion: 'dev' });
  const server = new RspackDevServer(config.devServer || {}, rspack(config));
  await server.start();
  servers.push(server);
  console.log(`${app.name.padEnd(9)} http://localhost:${app.port}`);
}
console.log('\nLive reload is on. Press Ctrl-C to stop.');

const stop = async () => {
  await Promise.all(servers.map((server) => server.stop()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
