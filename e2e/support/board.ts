import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runSources } from '../../api/src/cli/sources';
import { applications } from '../../api/src/db/application-tables';
import { jobPostings } from '../../api/src/db/job-board-tables';
import { type MailSink, startMailSink } from '../../api/src/mail/mail-sink';
import { demoWorkspaces } from '../../api/src/seed/demo-data';
import type { startApi } from '../../api/src/server';
import { type FakeVendors, startFakeVendors } from '../../api/src/test/fake-vendors';
import {
  appFolders,
  type ServedApp,
  type StaticServer,
  servedReleaseFolders,
  serveRemote,
} from '../../scripts/serve-board';
import type { RuntimeConfig } from '../../shared/src/config/runtime-config';
import { loadShellConfig, readEnvironmentConfig, type ShellMode } from '../../shell/server/config';
import { startShell } from '../../shell/server/server';
import { startMemoryApi } from './memory-api';
import { platformIds, type SpecApi, startSpecApi } from './spec-api';

export type RemoteApp = Exclude<ServedApp, 'shell'>;
/**
 * Which API the board reads: `extended`, ours (call 1 searches, counts and pages in the database),
 * or `spec`, another platform's that answers call 1 exactly as SPEC section 7 states it (every
 * job, no `total`) and spells job and company ids its own way (UUIDs, `j-…`, `org-…`).
 */
export type ApiFlavour = 'extended' | 'spec';
const remotes: RemoteApp[] = ['listings', 'apply', 'static'];

/**
 * How long the shell's server keeps what it read and rendered: `deployed`, as a deploy does (the
 * API's answers 10 s, pages 5 s: docs/caches.md), or `short`, 1 s each, for a suite that changes
 * the board's jobs and would otherwise wait those lifetimes out again and again (their lengths are
 * the readers' unit tests').
 */
export type ShellCaches = 'deployed' | 'short';
const shortCaches = { pageApiTtlMs: 1_000, keepPagesMs: 1_000 };

/**
 * The built board on free ports of 127.0.0.1, as `pnpm start` serves it. A test can stop one
 * remote (an outage) and start it again on the same port, or change the runtime config.
 */
export class Board {
  private remoteServers = new Map<RemoteApp, StaticServer>();
  private remotePorts = new Map<RemoteApp, number>();
  private shellServer: Awaited<ReturnType<typeof startShell>> | undefined;
  private api: Awaited<ReturnType<typeof startApi>> | undefined;
  private mailSink: MailSink | undefined;
  private specApi: SpecApi | undefined;
  private fakeVendors: FakeVendors | undefined;
  config: RuntimeConfig;
  /**
   * The release store (`<stores>/local`) the shell's server gates `--auto` canaries in and writes
   * `health.json` to, every second here (30 s deployed); unset: none.
   */
  releaseStore: string | undefined;

  private constructor() {
    this.config = readEnvironmentConfig('local');
  }

  /**
   * `shellMode`: `render` (default) renders pages on the server, `assemble` leaves them to the
   * browser, `static` serves the shell as a CDN-only deployment would (index.html as built).
   */
  static async start(options: { shellMode?: ShellMode; api?: ApiFlavour; caches?: ShellCaches } = {}): Promise<Board> {
    const board = new Board();
    for (const remote of remotes) await board.startRemote(remote);
    // The shell's key, as a deploy sets it on both: the API does not count the shell's reads as one visitor's.
    const apiKey = randomBytes(16).toString('hex');
    const shell = await startShell(
      loadShellConfig({
        BOARD_ENV: 'local',
        PORT: '0',
        HOST: '127.0.0.1',
        SHELL_API_KEY: apiKey,
        SHELL_MODE: options.shellMode ?? 'render',
        BOARD_WORKSPACES: demoWorkspaces.map((workspace) => workspace.slug).join(','),
        LOG_LEVEL: 'silent',
        // One visitor loading hundreds of pages (canary views too) a minute: limit and cap have their own tests.
        SHELL_VISITOR_LIMIT_MAX: '0',
        BEACON_VIEWS_PER_VISITOR: '0',
        METRICS_PORT: '0',
      }),
      {
        runtimeConfig: () => board.config,
        releaseStore: () => board.releaseStore ?? board.servedReleaseStore(),
        gateIntervalMs: 1_000,
        // On two loaded cores a few views' p75 LCP is noise (the ratio's rule: release-gate.test.ts).
        gateLcpRatio: 20,
        // Production waits 800 ms for the API (unit-tested); a suite on two loaded cores, longer.
        pageApiTimeoutMs: 5_000,
        renderBudgetMs: 5_000,
        ...(options.caches === 'short' ? shortCaches : {}),
      },
    );
    board.shellServer = shell;
    const siteUrl = board.shellServer.url;
    // The local mail sink, as `npm start` runs it: the API's alert emails land in its inbox.
    board.mailSink = await startMailSink();
    // Against the SPEC's call 1, the API is reached through the proxy, whose address it gives out.
    if (options.api === 'spec') board.specApi = await startSpecApi();
    // Greenhouse's, Lever's and Ashby's job-board APIs, as local servers the API imports from.
    board.fakeVendors = await startFakeVendors();
    // The real API on an in-memory database with the demo data.
    board.api = await startMemoryApi(siteUrl, {
      ...board.fakeVendors.env,
      // A test syncs when it means to (pnpm sources sync).
      SOURCES_SYNC_MINUTES: '0',
      SHELL_API_KEY: apiKey,
      SMTP_URL: board.mailSink.smtpUrl,
      ALERTS_SECRET: randomBytes(32).toString('hex'),
      BOARD_SITE_URL: siteUrl,
      ...(board.specApi ? { API_PUBLIC_URL: board.specApi.url } : {}),
    });
    board.specApi?.forwardTo(board.api.url);
    board.config = {
      ...board.config,
      environment: 'test',
      siteUrl,
      apiBaseUrl: board.specApi?.url ?? board.api.url,
      remotes: {
        listings: board.manifestUrl('listings'),
        apply: board.manifestUrl('apply'),
        static: board.manifestUrl('static'),
      },
      // The remotes' folders as built; a board with a release store sets its pointers (releases.spec.ts).
      releases: {},
    };
    return board;
  }

  /**
   * Our API's id of a job as the board's API spells it: the same against our API, the platform's
   * own id against the SPEC's (spec-api.ts), whose applications our API stores.
   */
  storedJobId(id: string | number): number {
    const ours = this.specApi ? platformIds.ourJob(String(id)) : Number(id);
    if (ours === undefined) throw new Error(`${id} is no job id of the board's API`);
    return ours;
  }

  /** The applications the API has stored, newest last. */
  async applications() {
    if (!this.api) throw new Error('the API is not started');
    const rows = await this.api.db.select().from(applications);
    return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  }

  /** Every job the API has stored, public or not (draft, closed, LinkedIn-only), for checking what may be listed. */
  async storedJobs() {
    if (!this.api) throw new Error('the API is not started');
    return this.api.db
      .select({
        id: jobPostings.id,
        title: jobPostings.title,
        status: jobPostings.status,
        shownOn: jobPostings.shownOn,
      })
      .from(jobPostings);
  }

  /** The API's own address (for what a test sends it directly: the operator's digest run). */
  get apiUrl(): string {
    if (!this.api) throw new Error('the API is not started');
    return this.api.url;
  }

  /** The ATSs' job-board APIs the API reads its sources from (fake-vendors.ts). */
  get vendors(): FakeVendors {
    if (!this.fakeVendors) throw new Error('the vendors are not started');
    return this.fakeVendors;
  }

  /** `pnpm sources …` against this board's API, as an operator runs it: its exit code and lines. */
  async sources(...argv: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await runSources(argv, { BOARD_ENV: 'test', SOURCES_API_URL: this.apiUrl }, (line) =>
      lines.push(...line.split('\n')),
    );
    return { code, lines };
  }

  /** The mail sink's web inbox; its HTTP API is `GET /email` (MailDev's shape, headers included). */
  get inboxUrl(): string {
    if (!this.mailSink) throw new Error('the mail sink is not started');
    return this.mailSink.webUrl;
  }

  /**
   * The store whose pointers the config names, when this process serves it (`serveReleases`, as
   * releases.spec.ts does): `<stores>/<env>`, the folder above `<app>/`.
   */
  private servedReleaseStore(): string | undefined {
    for (const pointer of Object.values(this.config.releases ?? {})) {
      const folder = pointer ? servedReleaseFolders.get(new URL(pointer).origin) : undefined;
      if (folder) return path.dirname(folder);
    }
    return undefined;
  }

  /** `GET /metrics` (Prometheus text, each on its METRICS_PORT) of the shell's server, then of the API. */
  get metricsUrl(): string {
    if (!this.shellServer?.metricsUrl) throw new Error('the board is not started');
    return `${this.shellServer.metricsUrl}/metrics`;
  }
  get apiMetricsUrl(): string {
    if (!this.api?.metricsUrl) throw new Error('the board is not started');
    return `${this.api.metricsUrl}/metrics`;
  }

  get url(): string {
    if (!this.shellServer) throw new Error('the board is not started');
    return this.shellServer.url;
  }

  originOf(remote: RemoteApp): string {
    return `http://127.0.0.1:${this.remotePorts.get(remote)}`;
  }

  manifestUrl(remote: RemoteApp): string {
    return `${this.originOf(remote)}/mf-manifest.json`;
  }

  /**
   * Serves a remote on its port (a free one the first time, the same one after that). `folder`:
   * another build of it (default: its `pnpm build` folder), to redeploy it at the same address.
   */
  async startRemote(remote: RemoteApp, folder: string = appFolders[remote]): Promise<void> {
    const server = await serveRemote(remote, this.remotePorts.get(remote) ?? 0, '127.0.0.1', folder);
    this.remoteServers.set(remote, server);
    this.remotePorts.set(remote, server.port);
  }

  async stopRemote(remote: RemoteApp): Promise<void> {
    await this.remoteServers.get(remote)?.close();
    this.remoteServers.delete(remote);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.remoteServers.values()].map((server) => server.close()));
    await this.shellServer?.close();
    await this.specApi?.close();
    await this.api?.close();
    await this.mailSink?.close();
    await this.fakeVendors?.close();
  }
}
