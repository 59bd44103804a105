import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../api/src/db/database';
import { type MailSink, type SinkMessage, startMailSink } from '../../api/src/mail/mail-sink';
import { type ApiProcess, startApiProcess } from '../../api/src/test/api-process';
import { postgresBinaries, startPrivatePostgres } from '../../api/src/test/private-postgres';
import { createTestDatabase } from '../../api/src/test/test-database';
import { appFolders, type StaticServer, serveReleases, serveRemote } from '../../scripts/serve-board';
import type { RuntimeConfig } from '../../shared/src/config/runtime-config';
import { type RedisServer, redisServerBinary, startRedisServer } from '../../shared/src/test/redis-server';
import { readEnvironmentConfig } from '../../shell/server/config';
import { freePort, postgresServerUrl, type ShellService, startShellService } from './production-site';
import { release } from './release-cli';

/**
 * The board as a deploy runs several instances of each service, on this machine: two API
 * instances (`api/src/server.ts`, as `pnpm serve:api` runs it) and two shell instances (`pnpm
 * serve:shell`) on one PostgreSQL and one Redis, behind nginx (Debian's package) balancing each
 * service round robin on a port of its own, as a load balancer in production. Every process is
 * the test's own, on free ports of 127.0.0.1, and stops with it. Each API instance sends its
 * emails to a mail sink of its own, so a test can tell which instance sent what.
 */

/** The limits the instances run with: small, so a test reaches them in a few requests. */
export const clusterLimits = {
  /** REQUEST_RATE_LIMIT_MAX: requests per client and minute. */
  requests: 20,
  /** RATE_LIMIT_MAX: valid applications (and alert subscriptions) per client and window. */
  submissions: 3,
  /** SHELL_VISITOR_LIMIT_MAX: pages not kept, cards, sitemaps and feeds per visitor and minute. */
  visitors: 6,
};

/** How long an instance's claim on one email holds (OUTBOX_LEASE_SECONDS): short, for the test of a crash. */
export const clusterLeaseSeconds = 3;

const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file)) ?? null;

/**
 * Whether the suite can run here: it needs Debian's nginx and redis-server, and PostgreSQL (the
 * suite's server, BOARD_TEST_POSTGRES_URL, or a cluster of its own). Locally a missing one skips
 * the suite with the reason; under CI=true it fails it (.ci/run installs them).
 */
export function clusterMissing(): string | null {
  const missing = [
    nginxBinary() ? null : 'nginx',
    redisServerBinary() ? null : 'redis-server',
    process.env.BOARD_TEST_POSTGRES_URL || postgresBinaries() ? null : 'postgresql',
  ].filter(Boolean);
  if (missing.length === 0) return null;
  const reason = `the instances suite needs ${missing.join(', ')} (apt-get install nginx redis-server postgresql)`;
  if (process.env.CI === 'true') throw new Error(`${reason}: CI=true requires it (.ci/run installs them)`);
  return reason;
}

/** nginx in the foreground, configured by the test: two ports, each balancing one service's instances. */
async function startNginx(options: { apiPort: number; sitePort: number; api: number[]; site: number[] }) {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'board-nginx-'));
  const upstream = (name: string, ports: number[]) =>
    `upstream ${name} {\n${ports.map((port) => `    server 127.0.0.1:${port};`).join('\n')}\n    keepalive 8;\n  }`;
  const server = (port: number, name: string) => `server {
    listen 127.0.0.1:${port};
    client_max_body_size 8m;
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`;
  // As root, nginx's workers would run as nobody, who may not use the test's folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${upstream('board_api', options.api)}
  ${upstream('board_site', options.site)}
  ${server(options.apiPort, 'board_api')}
  ${server(options.sitePort, 'board_site')}
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  execFileSync(binary, [...args, '-t'], { stdio: 'pipe' });
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when it answers on the API's port (a 502 until an instance is there is an answer too).
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${options.apiPort}/health`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A copy of the listings build stamped as a later build: a second release without building again. */
function restampedListings(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'board-listings-next-'));
  cpSync(appFolders.listings, folder, { recursive: true });
  for (const manifest of [path.join(folder, 'mf-manifest.json'), path.join(folder, 'server', 'mf-manifest.json')]) {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      metaData: { buildInfo: { buildVersion: string } };
    };
    const [commit] = parsed.metaData.buildInfo.buildVersion.split('@');
    parsed.metaData.buildInfo.buildVersion = `${commit}@2099-01-01T00:00:00.000Z`;
    writeFileSync(manifest, JSON.stringify(parsed));
  }
  return folder;
}

export class Cluster {
  private readonly cleanups: (() => Promise<unknown> | unknown)[] = [];
  apis: ApiProcess[] = [];
  shells: ShellService[] = [];
  /** One mail sink per API instance: what instance i sends lands in sinks[i]. */
  sinks: MailSink[] = [];
  redis!: RedisServer;
  database!: DatabaseHandle;
  /** The API and the site as their visitors reach them: nginx's two ports. */
  apiUrl = '';
  siteUrl = '';
  config!: RuntimeConfig;
  readonly operatorToken = randomBytes(24).toString('hex');
  /** The release store (BOARD_RELEASE_STORE) the listings remote is served from, and its versions. */
  stores = '';
  releases = { first: '', second: '' };

  static async start(): Promise<Cluster> {
    const cluster = new Cluster();
    try {
      await cluster.boot();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  private async boot() {
    // PostgreSQL: the suite's server (CI), or a cluster of the test's own.
    let databaseUrl: string;
    const server = postgresServerUrl();
    if (server) {
      const database = await createTestDatabase(server);
      this.cleanups.push(() => database.drop());
      databaseUrl = database.url ?? '';
    } else {
      const postgres = await startPrivatePostgres();
      this.cleanups.push(() => postgres.remove());
      databaseUrl = postgres.url;
    }
    this.redis = await startRedisServer();
    this.cleanups.push(() => this.redis.stop());
    for (let index = 0; index < 2; index++) {
      const sink = await startMailSink();
      this.sinks.push(sink);
      this.cleanups.push(() => sink.close());
    }

    // The remotes: listings from a release store (two releases, the first live), the others as built.
    this.stores = mkdtempSync(path.join(tmpdir(), 'board-cluster-releases-'));
    this.cleanups.push(() => rmSync(this.stores, { recursive: true, force: true }));
    const next = restampedListings();
    this.cleanups.push(() => rmSync(next, { recursive: true, force: true }));
    const first = release(this.stores, 'publish', 'listings');
    const second = release(this.stores, 'publish', 'listings', '--dist', next);
    if (first.status !== 0 || second.status !== 0) throw new Error(`publish failed: ${first.stderr}${second.stderr}`);
    this.releases = { first: first.last, second: second.last };
    if (this.promote(this.releases.first) !== 0) throw new Error('promote failed');
    const servers: StaticServer[] = [
      await serveReleases(path.join(this.stores, 'local', 'listings'), 0, '127.0.0.1'),
      await serveRemote('apply', 0, '127.0.0.1'),
      await serveRemote('static', 0, '127.0.0.1'),
    ];
    this.cleanups.push(() => Promise.all(servers.map((served) => served.close())));
    const [listings, apply, statics] = servers.map((served) => served.url);

    const [apiPort, sitePort] = [await freePort(), await freePort()];
    this.apiUrl = `http://127.0.0.1:${apiPort}`;
    this.siteUrl = `http://127.0.0.1:${sitePort}`;
    const shellKey = randomBytes(24).toString('hex');
    const shared = {
      BOARD_ENV: 'staging',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: this.redis.url,
      API_PUBLIC_URL: this.apiUrl,
      BOARD_SITE_URL: this.siteUrl,
      CORS_ORIGINS: this.siteUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      CAPTCHA_MODE: 'local',
      CAPTCHA_SECRET: randomBytes(24).toString('hex'),
      ALERTS_SECRET: randomBytes(24).toString('hex'),
      SHELL_API_KEY: shellKey,
      OPERATOR_TOKEN: this.operatorToken,
      // Staging seeds nothing unless asked: this deploy asks, and both instances start on an empty database.
      SEED: 'demo',
      // The alerts' work runs when a test asks for it (the operator endpoint, a subscription's own send).
      ALERTS_INTERVAL_SECONDS: '0',
      OUTBOX_LEASE_SECONDS: String(clusterLeaseSeconds),
      RATE_LIMIT_MAX: String(clusterLimits.submissions),
      REQUEST_RATE_LIMIT_MAX: String(clusterLimits.requests),
      LOG_LEVEL: 'silent',
    };
    // Started together, on an empty database: one migrates and seeds, the other waits for it.
    this.apis = await Promise.all(this.sinks.map((sink) => startApiProcess({ ...shared, SMTP_URL: sink.smtpUrl })));
    this.cleanups.push(() => Promise.all(this.apis.map((api) => api.stop())));
    this.database = await openDatabase({ databaseUrl });
    this.cleanups.push(() => this.database.close());

    this.config = {
      ...readEnvironmentConfig('local'),
      environment: 'staging',
      siteUrl: this.siteUrl,
      apiBaseUrl: this.apiUrl,
      remotes: {
        listings: `${listings}/mf-manifest.json`,
        apply: `${apply}/mf-manifest.json`,
        static: `${statics}/mf-manifest.json`,
      },
      previewOrigins: [],
      releases: { listings: `${listings}/releases/pointer.json` },
    };
    const configFile = path.join(this.stores, 'runtime-config.json');
    writeFileSync(configFile, JSON.stringify(this.config, null, 2));
    this.shells = await Promise.all(
      [0, 1].map(() =>
        startShellService({
          BOARD_ENV: 'staging',
          BOARD_CONFIG: configFile,
          HOST: '127.0.0.1',
          PORT: '0',
          SHELL_API_KEY: shellKey,
          REDIS_URL: this.redis.url,
          TRUSTED_PROXIES: '127.0.0.1',
          SHELL_VISITOR_LIMIT_MAX: String(clusterLimits.visitors),
          BOARD_WORKSPACES: 'demo',
          LOG_LEVEL: 'silent',
        }),
      ),
    );
    this.cleanups.push(() => Promise.all(this.shells.map((shell) => shell.stop())));

    const nginx = await startNginx({
      apiPort,
      sitePort,
      api: this.apis.map((api) => api.port),
      site: this.shells.map((shell) => shell.port),
    });
    this.cleanups.push(() => nginx.stop());
  }

  /** `pnpm release promote listings <version>` against this deploy's store. */
  promote(version: string): number | null {
    return release(this.stores, 'promote', 'listings', version).status;
  }

  /**
   * Every email every instance sent, in the order the relays accepted them (each instance has its
   * own relay: sink by sink, a digest one instance sent came before the confirmation the other sent).
   */
  messages(): SinkMessage[] {
    return this.sinks.flatMap((sink) => sink.messages).sort((a, b) => a.time.localeCompare(b.time));
  }

  /** Stops everything it started, newest first. */
  async stop(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }
}
