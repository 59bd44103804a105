import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../api/src/db/database';
import { type MailSink, type SinkMessage, startMailSink } from '../../api/src/mail/mail-sink';
import {
  type ApiProcess,
  type ServiceProcess,
  startApiProcess,
  startWorkerProcess,
} from '../../api/src/test/api-process';
import type { FakeVendors } from '../../api/src/test/fake-vendors';
import { startPrivatePostgres } from '../../api/src/test/private-postgres';
import { createTestDatabase } from '../../api/src/test/test-database';
import { type StaticServer, serveReleases, serveRemote } from '../../scripts/serve-board';
import type { RuntimeConfig } from '../../shared/src/config/runtime-config';
import { type RedisServer, startRedisServer } from '../../shared/src/test/redis-server';
import { readEnvironmentConfig } from '../../shell/server/config';
import { addClusterSource, clusterSource, clusterVendors, publishTwoListings } from './cluster-parts';
import { startNginx } from './nginx';
import { freePort, postgresServerUrl, type ShellService, startShellService } from './production-site';
import { release } from './release-cli';

/**
 * The board as a deploy runs several instances of each service, on this machine: two API
 * instances (`api/src/server.ts`, as `pnpm serve:api` runs it), one worker beside them
 * (`api/src/worker.ts`: the scheduled work) and two shell instances (`pnpm serve:shell`) on one
 * PostgreSQL and one Redis, behind nginx (Debian's package) balancing each service round robin on
 * a port of its own, as a load balancer in production. Every process is the test's own, on free
 * ports of 127.0.0.1, and stops with it. The API instances and the worker each send their emails
 * to a mail sink of their own, so a test can tell which process sent what; the companies' ATSs
 * are local servers answering as theirs do (one source, `clusterSource`, added before the worker
 * starts).
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

export class Cluster {
  private readonly cleanups: (() => Promise<unknown> | unknown)[] = [];
  apis: ApiProcess[] = [];
  /** The worker (`startWorker` may start another) and its mail sink; the API instances' are `sinks`. */
  worker!: ServiceProcess;
  workerSink!: MailSink;
  private readonly workerSinks: MailSink[] = [];
  private workerEnv: Record<string, string> = {};
  vendors!: FakeVendors;
  /** The fake vendors' requests for the cluster's source's list, before the worker started. */
  sourceRequestsBefore = 0;
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
    this.vendors = await clusterVendors();
    this.cleanups.push(() => this.vendors.close());

    // The remotes: listings from a release store (two releases, the first live), the others as built.
    this.stores = mkdtempSync(path.join(tmpdir(), 'board-cluster-releases-'));
    this.cleanups.push(() => rmSync(this.stores, { recursive: true, force: true }));
    this.releases = publishTwoListings(this.stores);
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
      ...this.vendors.env,
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
    // The deploy's source, added before the worker starts: its first round syncs it.
    await addClusterSource(this.database.db, this.vendors);
    this.sourceRequestsBefore = this.sourceRequests();
    // The scheduled work: a digest round every second, so a test sees the worker send one soon.
    this.workerEnv = { ...shared, ALERTS_INTERVAL_SECONDS: '1' };
    await this.startWorker();

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

  /** Starts a worker (another, once the first is gone) with a mail sink of its own. */
  async startWorker(): Promise<ServiceProcess> {
    const sink = await startMailSink();
    this.cleanups.push(() => sink.close());
    this.workerSinks.push(sink);
    const worker = await startWorkerProcess({ ...this.workerEnv, SMTP_URL: sink.smtpUrl });
    this.cleanups.push(() => worker.stop());
    this.worker = worker;
    this.workerSink = sink;
    return worker;
  }

  /** The fake vendors' requests for the list of the cluster's source (each sync reads it once). */
  sourceRequests(): number {
    return this.vendors.requests.filter((request) => request.path.includes(clusterSource.board)).length;
  }

  /** `pnpm release promote listings <version>` against this deploy's store. */
  promote(version: string): number | null {
    return release(this.stores, 'promote', 'listings', version).status;
  }

  /**
   * Every email every instance and the worker sent, in the order the relays accepted them (each
   * process has its own relay: sink by sink, an email one sent came before the one another sent).
   */
  messages(): SinkMessage[] {
    return [...this.sinks, ...this.workerSinks]
      .flatMap((sink) => sink.messages)
      .sort((a, b) => a.time.localeCompare(b.time));
  }

  /** Stops everything it started, newest first. */
  async stop(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }
}
