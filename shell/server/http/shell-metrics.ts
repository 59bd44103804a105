import type { GateDecision } from '@board/shared/config/release-gate';
import type { BeaconRefusal, ViewErrorKind } from '@board/shared/config/release-health';
import { createMetrics, type Metrics } from '@board/shared/lib/metrics';

/** The shell's server's own metrics (docs/operations.md lists them with what to alert on). */
export interface ShellMetrics {
  readonly metrics: Metrics;
  /** A lookup in one of the server's caches (`pages`, `api`, `manifests`, `pointers`). */
  cache(name: string, hit: boolean): void;
  rendered(remote: string, seconds: number): void;
  remoteFailed(remote: string): void;
  beacon(app: string, version: string, errors: readonly ViewErrorKind[]): void;
  /** A release of a beacon not counted, and why (decision 047). */
  beaconRefused(app: string, reason: BeaconRefusal): void;
  gate(app: string, decision: GateDecision['action']): void;
}

export function shellMetrics(metrics: Metrics = createMetrics('shell')): ShellMetrics {
  const cache = metrics.counter('board_cache_lookups_total', 'Lookups in a cache of the server, by cache and result', [
    'cache',
    'result',
  ]);
  const render = metrics.histogram(
    'board_shell_render_seconds',
    "Time to render a page's remote module on the server, by remote",
    ['remote'],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  const failures = metrics.counter(
    'board_shell_remote_load_failures_total',
    "Loads of a remote's Node build that failed, by remote",
    ['remote'],
  );
  const views = metrics.counter('board_beacon_views_total', 'Page views reported by beacons, by release', [
    'app',
    'version',
  ]);
  const errors = metrics.counter(
    'board_beacon_errors_total',
    'Page views that reported an error, by release and kind',
    ['app', 'version', 'kind'],
  );
  const refused = metrics.counter(
    'board_beacon_refused_total',
    'Beacons not counted, by remote and why (no token, forged, expired, replayed, other release, over the cap)',
    ['app', 'reason'],
  );
  const gate = metrics.counter('board_release_gate_decisions_total', "The release gate's evaluations of a canary", [
    'app',
    'decision',
  ]);
  return {
    metrics,
    cache: (name, hit) => cache.inc({ cache: name, result: hit ? 'hit' : 'miss' }),
    rendered: (remote, seconds) => render.observe({ remote }, seconds),
    remoteFailed: (remote) => failures.inc({ remote }),
    beacon(app, version, kinds) {
      views.inc({ app, version });
      for (const kind of kinds) errors.inc({ app, version, kind });
    },
    beaconRefused: (app, reason) => refused.inc({ app, reason }),
    gate: (app, decision) => gate.inc({ app, decision }),
  };
}
