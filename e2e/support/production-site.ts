import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobPostings, organizations, workspaces } from '../../api/src/db/job-board-tables';
import { startApi } from '../../api/src/server';
import { createTestDatabase } from '../../api/src/test/test-database';
import { type StaticServer, serveRemote } from '../../scripts/serve-board';
import type { RuntimeConfig } from '../../shared/src/config/runtime-config';
import { freePort } from '../../shared/src/test/free-port';
import { readEnvironmentConfig } from '../../shell/server/config';
import type { RemoteApp } from './board';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const remotes: RemoteApp[] = ['listings', 'apply', 'static'];

export { freePort };

/** A workspace whose slug has a dot, as a company's domain often is: its board is a page, not a file. */
export const dottedWorkspace = { slug: 'acme.io', name: 'Acme IO', job: 'Reliability Engineer at Acme IO' };

/**
 * The PostgreSQL server the suite runs the API on: `npm test` provides one (`BOARD_TEST_POSTGRES_URL`,
 * api/src/test/with-postgres.ts) and CI=true without it is an error, so CI cannot pass on PGlite.
 * Locally, without it, the API runs on PGlite (undefined).
 */
export function postgresServerUrl(): string | undefined {
  const url = process.env.BOARD_TEST_POSTGRES_URL || undefined;
  if (!url && process.env.CI === 'true') {
    throw new Error(
      'The production-like suite runs the API on PostgreSQL: BOARD_TEST_POSTGRES_URL is not set, and CI=true requires it (`npm test` sets it: api/src/test/with-postgres.ts).',
    );
  }
  return url;
}

function jsonLine(line: string): Record<string, unknown> | undefined {
  try {
    const entry: unknown = JSON.parse(line);
    return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // pnpm's or Node's own lines
  }
}

export interface ShellService {
  url: string;
  port: number;
  /** The JSON line it logged when it was ready. */
  ready: Record<string, unknown>;
  /** Everything it wrote so far (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
  child: ChildProcess;
  /** SIGTERM, as an orchestrator stops an instance; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The shell's server as each instance runs in production: `pnpm serve:shell`'s own command (from
 * package.json, run by `sh` as pnpm runs it, so its `exec` makes the server this very process and a
 * signal reaches it), configured by the environment only: `PORT`, `HOST`, `BOARD_ENV` and a config
 * file of its own (`BOARD_CONFIG`). NODE_ENV is left to the command (production, as deployed).
 */
export async function startShellService(env: Record<string, string>): Promise<ShellService> {
  const scripts = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  const command = scripts['serve:shell'];
  if (!command) throw new Error('package.json has no serve:shell script');
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn('sh', ['-c', command], {
    cwd: rootDir,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve:shell was not ready within 2 minutes:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Whole lines only: the last one may be cut in two chunks.
      for (const line of output.split('\n').slice(0, -1)) {
        const entry = jsonLine(line);
        if (entry?.message === 'shell server listening') {
          clearTimeout(timer);
          resolve(entry);
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve:shell exited (${code}) before it was ready:\n${output}`));
    });
  });
  const url = String(ready.url);
  return {
    url,
    port: Number(new URL(url).port),
    ready,
    output: () => output,
    exited,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The board deployed as in production, on this machine: the remotes on origins of their own (other
 * ports), the API on PostgreSQL (a database of this suite's own, dropped at the end) with the
 * staging rules, and the shell's server started through `pnpm serve:shell` on its own port with a
 * generated config file pointing at them.
 */
export class ProductionSite {
  private remoteServers: StaticServer[] = [];
  private api: Awaited<ReturnType<typeof startApi>> | undefined;
  private database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  private readonly folder = mkdtempSync(path.join(tmpdir(), 'board-production-'));
  shell: ShellService | undefined;
  config!: RuntimeConfig;
  /** The key the API and every shell instance of this site share (SHELL_API_KEY). */
  readonly shellKey = randomBytes(24).toString('hex');
  /** Where the API's data lives: 'postgres' (CI) or 'pglite' (locally without PostgreSQL). */
  databaseKind: 'postgres' | 'pglite' = 'pglite';

  /**
   * `sitePort`: the site's public address is this port of 127.0.0.1, where the caller puts a front
   * door of its own in front of the shell's server (as a load balancer is in production); by
   * default the shell's server is the site.
   */
  static async start(options: { sitePort?: number } = {}): Promise<ProductionSite> {
    const site = new ProductionSite();
    try {
      await site.boot(options.sitePort);
    } catch (error) {
      await site.stop();
      throw error;
    }
    return site;
  }

  private async boot(sitePort?: number) {
    const manifests = {} as RuntimeConfig['remotes'];
    for (const remote of remotes) {
      const server = await serveRemote(remote, 0, '127.0.0.1');
      this.remoteServers.push(server);
      manifests[remote] = `${server.url}/mf-manifest.json`;
    }
    const [shellPort, apiPort] = [await freePort(), await freePort()];
    const siteUrl = `http://127.0.0.1:${sitePort ?? shellPort}`;
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const postgres = postgresServerUrl();
    this.database = await createTestDatabase(postgres);
    this.databaseKind = this.database.url ? 'postgres' : 'pglite';
    this.api = await startApi({
      ...(this.database.url
        ? // The staging rules: PostgreSQL, a public URL, a stated captcha mode and the secrets every
          // instance shares are required.
          {
            BOARD_ENV: 'staging',
            DATABASE_URL: this.database.url,
            API_PUBLIC_URL: apiUrl,
            CAPTCHA_MODE: 'local',
            CAPTCHA_SECRET: randomBytes(24).toString('hex'),
            ALERTS_SECRET: randomBytes(24).toString('hex'),
            OPERATOR_TOKEN: randomBytes(24).toString('hex'),
          }
        : { BOARD_ENV: 'test', PGLITE_DATA_DIR: 'memory://' }),
      SHELL_API_KEY: this.shellKey,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      CORS_ORIGINS: siteUrl,
      BOARD_SITE_URL: siteUrl,
      SEED: 'demo',
      LOG_LEVEL: 'silent',
    });
    await this.addDottedWorkspace();
    this.config = {
      ...readEnvironmentConfig('local'),
      environment: 'staging',
      siteUrl,
      apiBaseUrl: this.api.url,
      remotes: manifests,
      previewOrigins: [],
      // The remotes' folders as built, not a release store.
      releases: {},
    };
    this.shell = await startShellService({
      PORT: String(shellPort),
      HOST: '127.0.0.1',
      BOARD_ENV: 'staging',
      BOARD_CONFIG: this.writeConfig('runtime-config.json', this.config),
      BOARD_WORKSPACES: `demo,${dottedWorkspace.slug}`,
      SHELL_API_KEY: this.shellKey,
    });
  }

  /** A config file in this site's folder (another instance may run with another one). */
  writeConfig(name: string, config: RuntimeConfig): string {
    const file = path.join(this.folder, name);
    writeFileSync(file, JSON.stringify(config, null, 2));
    return file;
  }

  private async addDottedWorkspace() {
    if (!this.api) throw new Error('the API is not started');
    const db = this.api.db;
    await db.insert(workspaces).values({ slug: dottedWorkspace.slug, name: dottedWorkspace.name });
    const [organization] = await db
      .insert(organizations)
      .values({ name: 'Acme IO', jobBoardSlug: 'acme-io', workspaceSlug: dottedWorkspace.slug })
      .returning({ id: organizations.id });
    if (!organization) throw new Error('the organization was not stored');
    await db.insert(jobPostings).values({
      organizationId: organization.id,
      title: dottedWorkspace.job,
      location: 'Remote',
      status: 'published',
      shownOn: 'job_board',
      publishedAt: new Date(),
    });
  }

  get url(): string {
    if (!this.shell) throw new Error('the site is not started');
    return this.shell.url;
  }

  async stop(): Promise<void> {
    const exit = await this.shell?.stop();
    await Promise.all(this.remoteServers.map((server) => server.close()));
    await this.api?.close();
    await this.database?.drop();
    rmSync(this.folder, { recursive: true, force: true });
    if (exit !== undefined && exit !== 0) {
      throw new Error(`serve:shell exited ${exit} on SIGTERM:\n${this.shell?.output()}`);
    }
  }
}
