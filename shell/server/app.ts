import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import type { HealthStore } from '@board/shared/lib/health-store';
import type { Limits } from '@board/shared/lib/limits';
import { jsonLines } from '@board/shared/lib/request-log';
import { type ShellConfig, shellDist } from './config';
import { viewAttribution } from './health/view-attribution';
import type { ShellMetrics } from './http/shell-metrics';
import { visitorLimit } from './http/visitor-limit';
import { ApiReader } from './reader/api-reader';
import { createShellServer, pageApiStaleMs, shellKeyHeader } from './shell-server';

/** What a caller other than the deploy may change: the e2e board and `pnpm serve` on this machine. */
export interface ShellTuning {
  /** The runtime config as a function, so a test can change it between loads (default: the file's). */
  runtimeConfig?: () => RuntimeConfig;
  /** How long a page may take to render before it is sent unrendered (default 1 s). */
  renderBudgetMs?: number;
  /** How long a page waits for the API before it goes out without the API's data (default 800 ms). */
  pageApiTimeoutMs?: number;
  /** How long the pages' reader uses an answer of the API before it reads it again (default 10 s). */
  pageApiTtlMs?: number;
  /** How long a rendered page is kept and sent again (default 5 s). */
  keepPagesMs?: number;
  /** The release store this server gates, as a function so a test can set it later (default: the config's). */
  releaseStore?: () => string | undefined;
  /** How often the release gate evaluates (default: the config's, 30 s). */
  gateIntervalMs?: number;
  /**
   * The p75 LCP ratio that rolls a canary back (default 1.25). For a suite only: on two loaded
   * cores one view's LCP differs from the next by several times, whatever the release.
   */
  gateLcpRatio?: number;
}

/**
 * The shell's server composed from its configuration (config.ts), as the API's app.ts is from
 * its own: the build it fills in, the API readers carrying the shell's key, the visitor limit
 * counting where `limits` count, the log; the routes themselves are http/shell-server.ts's.
 */
export function createShellApp(
  config: ShellConfig,
  parts: { limits: Limits; health?: HealthStore; metrics?: ShellMetrics; tuning?: ShellTuning },
) {
  const tuning = parts.tuning ?? {};
  const headers = config.apiKey ? { [shellKeyHeader]: config.apiKey } : undefined;
  return createShellServer({
    distDir: shellDist,
    config: tuning.runtimeConfig ?? (() => config.runtimeConfig),
    mode: config.mode,
    apiKey: config.apiKey,
    workspaces: () => config.workspaces,
    ...(tuning.renderBudgetMs ? { renderBudgetMs: tuning.renderBudgetMs } : {}),
    ...(tuning.pageApiTimeoutMs || tuning.pageApiTtlMs
      ? {
          pageApi: new ApiReader({
            ...(tuning.pageApiTimeoutMs ? { timeoutMs: tuning.pageApiTimeoutMs } : {}),
            ...(tuning.pageApiTtlMs ? { ttlMs: tuning.pageApiTtlMs } : {}),
            staleMs: pageApiStaleMs,
            headers,
          }),
        }
      : {}),
    ...(tuning.keepPagesMs !== undefined ? { keepPagesMs: tuning.keepPagesMs } : {}),
    ...(config.logLevel === 'silent' ? { log: () => {} } : { log: jsonLines }),
    ...(parts.health ? { health: parts.health } : {}),
    attribution: viewAttribution({
      ...(config.beaconSecret ? { secret: config.beaconSecret } : {}),
      limits: parts.limits,
      trustedProxies: config.trustedProxies,
      viewsPerVisitor: config.beaconViewsPerVisitor,
    }),
    ...(parts.metrics ? { metrics: parts.metrics } : {}),
    ...(config.visitorLimit
      ? {
          visitorLimit: visitorLimit({
            ...config.visitorLimit,
            trustedProxies: config.trustedProxies,
            limits: parts.limits,
          }),
        }
      : {}),
  });
}
