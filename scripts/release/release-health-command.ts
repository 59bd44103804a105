/**
 * `pnpm release health <app> [--json]`: what the visitors of the live release and the canary
 * reported over the last 10 minutes and the last hour, and the beacons refused and why, as the
 * shell's server last wrote it beside the pointer (`health.json`, every evaluation: 30 s by
 * default; decisions 035, 046). The figures are as old as that file: both say when they were read
 * and how long ago (`--json`: `at` and `ageSeconds`).
 */
import {
  beaconRefusals,
  type HealthFigures,
  type RefusedFigures,
  type ReleaseHealthSnapshot,
} from '../../shared/src/config/release-health';
import type { ReleaseStore } from '../../shared/src/release/release-store';
import { ReleaseCommandError } from './release-command-error';

const rate = (figures: HealthFigures) => `${(figures.errorRate * 100).toFixed(1)}%`;
const value = (number: number | null, unit = '') => (number === null ? '-' : `${number}${unit}`);

function healthLine(label: string, figures: HealthFigures): string {
  return `  ${label.padEnd(16)} ${String(figures.views).padStart(6)} views  errors ${rate(figures).padStart(6)}  p75 LCP ${value(figures.lcpP75, ' ms')}  INP ${value(figures.inpP75, ' ms')}  CLS ${value(figures.clsP75)}`;
}

function refusedText(figures: RefusedFigures): string {
  const reasons = beaconRefusals
    .filter((reason) => figures[reason] > 0)
    .map((reason) => `${reason} ${figures[reason]}`);
  return `${figures.total}${reasons.length > 0 ? ` (${reasons.join(', ')})` : ''}`;
}

export function printHealth(
  store: ReleaseStore,
  {
    json,
    print,
    environment,
    now = Date.now(),
  }: { json: boolean; print: (line: string) => void; environment: string; now?: number },
): void {
  const health = store.readHealth() as ReleaseHealthSnapshot | null;
  if (!health)
    throw new ReleaseCommandError(
      `No health of ${store.app} in ${environment} yet: the shell's server writes it beside the pointer when it runs with this store (BOARD_RELEASE_STORE), every 30 s`,
    );
  const ageSeconds = Math.max(0, Math.round((now - Date.parse(health.at)) / 1000));
  if (json) {
    print(JSON.stringify({ ...health, ageSeconds }, null, 2));
    return;
  }
  const readAt = new Date(health.at).toLocaleTimeString('en-GB', { hour12: false });
  print(`${store.app} (${environment}), as of ${readAt}, ${ageSeconds} s ago, counted in ${health.counts}:`);
  for (const release of health.releases) {
    print(`${release.role}${release.percent ? ` ${release.percent}%` : ''} ${release.version}`);
    print(healthLine('last 10 minutes', release.last10Minutes));
    print(healthLine('last hour', release.lastHour));
  }
  if (health.refused)
    print(
      `refused beacons: last 10 minutes ${refusedText(health.refused.last10Minutes)}, last hour ${refusedText(health.refused.lastHour)}`,
    );
  if (health.gate) print(`gate: ${health.gate.decision}: ${health.gate.reason}`);
}
