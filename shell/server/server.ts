/**
 * The shell's server, as each instance runs in staging and production (`pnpm serve:shell`): its
 * configuration read once and validated (config.ts; a bad or missing variable stops it with one
 * line naming it), the limits (Redis or memory), the app (app.ts), then HTTP on HOST:PORT. It
 * needs `shell/dist` and one runtime config file, nothing else: no database, no disk writes, no
 * session. One JSON line when it listens; on SIGTERM or SIGINT it stops taking connections,
 * answers the requests in flight (at most `drainMs`) and exits 0. See the README's Deploy section.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openHealthStore } from '@board/shared/lib/health-store';
import { fileLeaderLock, redisLeaderLock } from '@board/shared/lib/leader-lock';
import { type Limits, openLimits } from '@board/shared/lib/limits';
import { type MetricsListener, serveMetrics } from '@board/shared/lib/metrics';
import { jsonLines } from '@board/shared/lib/request-log';
import { createAdaptorServer } from '@hono/node-server';
import { createShellApp, type ShellTuning } from './app';
import { loadShellConfig, type ShellConfig, ShellConfigError, shellDist } from './config';
import { startReleaseGate } from './health/release-gate-runner';
import { type ListeningServer, listen } from './http/listen';
import { shellMetrics } from './http/shell-metrics';

/** How long a stopping server lets requests in flight finish before it cuts the connections. */
const drainMs = 10_000;

export interface RunningShell extends ListeningServer {
  /** Where its limits count. */
  limits: Limits['kind'];
  /** `GET /metrics`, when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  /** Runs the release gate once now (what its timer does every interval). */
  evaluateReleases(): Promise<void>;
}

/** Starts the shell's server for `config`; `tuning` is for this machine's callers (the e2e board, `pnpm serve`). */
export async function startShell(config: ShellConfig, tuning: ShellTuning = {}): Promise<RunningShell> {
  if (!existsSync(path.join(shellDist, 'index.html'))) {
    throw new Error(`${shellDist} is not built: run \`pnpm build\` first`);
  }
  const log = config.logLevel === 'silent' ? () => {} : jsonLines;
  const prefix = `board:${config.environment}:shell`;
  const limits = await openLimits({ url: config.redisUrl, prefix, log });
  const health = openHealthStore({ url: config.redisUrl, prefix });
  const metrics = shellMetrics();
  const releaseStore = tuning.releaseStore ?? (() => config.releaseStore);
  const intervalMs = tuning.gateIntervalMs ?? config.gateIntervalMs;
  // One instance at a time gates: the lease outlives two missed evaluations, then another takes over.
  const ttlMs = 3 * intervalMs;
  const gate = startReleaseGate({
    storeRoot: releaseStore,
    health,
    lock: config.redisUrl
      ? redisLeaderLock({ url: config.redisUrl, key: `${prefix}:release-gate`, ttlMs })
      : fileLeaderLock({ file: () => path.join(releaseStore() ?? '.', '.release-gate-lock.json'), ttlMs }),
    intervalMs,
    ...(tuning.gateLcpRatio === undefined ? {} : { lcpRatio: tuning.gateLcpRatio }),
    log,
    decided: (app, decision) => metrics.gate(app, decision),
  });
  let metricsListener: MetricsListener | undefined;
  const closeParts = async () => {
    await gate.stop();
    await metricsListener?.close();
    await health.close();
    await limits.close();
  };
  try {
    const app = createShellApp(config, { limits, health, metrics, tuning });
    if (config.metricsPort !== undefined)
      metricsListener = await serveMetrics(metrics.metrics.registry, config.metricsPort, config.host);
    const server = await listen(createAdaptorServer({ fetch: app.fetch }) as Server, config.port, config.host);
    return {
      ...server,
      limits: limits.kind,
      metricsUrl: metricsListener?.url,
      evaluateReleases: gate.run,
      async close(drain?: number) {
        await server.close(drain);
        await closeParts();
      },
    };
  } catch (error) {
    await closeParts();
    throw error;
  }
}

async function main() {
  const time = () => new Date().toISOString();
  let config: ShellConfig;
  let server: RunningShell;
  try {
    config = loadShellConfig(process.env);
    server = await startShell(config);
  } catch (error) {
    if (error instanceof ShellConfigError) console.error(error.message);
    else jsonLines({ time: time(), level: 'error', message: 'the shell server could not start', error: String(error) });
    process.exit(1);
  }
  jsonLines({
    time: time(),
    level: 'info',
    message: 'shell server listening',
    url: server.url,
    environment: config.environment,
    config: config.runtimeConfigFile,
    mode: config.mode,
    limits: server.limits,
    metrics: server.metricsUrl ? `${server.metricsUrl}/metrics` : null,
    releaseGate: config.releaseStore ?? null,
  });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    jsonLines({
      time: time(),
      level: 'info',
      message: 'shell server stopping: answering the requests in flight',
      signal,
    });
    await server.close(drainMs);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
