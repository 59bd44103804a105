import type { HealthFigures } from '@board/shared/config/release-health';

/**
 * The gate of an `--auto` canary (decision 036), as a pure function of what visitors reported
 * since it started: rolled back as soon as, with at least `minViews` views, its error rate
 * exceeds the live release's by more than 2 percentage points or its p75 LCP exceeds 1.25× the
 * live release's (once both measured LCP in `minViews` views); promoted once its window has passed
 * with at least `minViews` views and no
 * breach; otherwise it waits. Never promoted on silence: too few views keep it waiting.
 */
const gateLimits = { errorRatePoints: 0.02, lcpRatio: 1.25 } as const;

export interface GateInput {
  canary: HealthFigures;
  live: HealthFigures;
  /** Seconds since the canary started. */
  elapsedSeconds: number;
  windowSeconds: number;
  minViews: number;
  /** The LCP ratio that rolls back (1.25; a suite on a loaded machine, whose LCP is noise, sets its own). */
  lcpRatio?: number;
}

export type GateDecision =
  | { action: 'wait'; reason: string }
  | { action: 'rollback'; reason: string }
  | { action: 'promote'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export function decideGate({
  canary,
  live,
  elapsedSeconds,
  windowSeconds,
  minViews,
  lcpRatio = gateLimits.lcpRatio,
}: GateInput): GateDecision {
  if (canary.views < minViews) return { action: 'wait', reason: `${canary.views} of the ${minViews} views it needs` };
  if (canary.errorRate - live.errorRate > gateLimits.errorRatePoints)
    return {
      action: 'rollback',
      reason: `error rate ${percent(canary.errorRate)} against live's ${percent(live.errorRate)} (more than 2 points above)`,
    };
  // LCP is compared once both sides measured it `minViews` times: a p75 of a handful of views (those
  // who stayed until the vitals loaded) is noise, and would roll back a good release.
  const measured = canary.lcpViews >= minViews && live.lcpViews >= minViews;
  if (measured && canary.lcpP75 !== null && live.lcpP75 !== null && canary.lcpP75 > lcpRatio * live.lcpP75)
    return {
      action: 'rollback',
      reason: `p75 LCP ${canary.lcpP75} ms against live's ${live.lcpP75} ms (more than ${lcpRatio}×)`,
    };
  if (elapsedSeconds < windowSeconds)
    return {
      action: 'wait',
      reason: `no breach in ${canary.views} views; ${windowSeconds - Math.floor(elapsedSeconds)} s of its window left`,
    };
  return {
    action: 'promote',
    reason: `no breach in ${canary.views} views over its ${windowSeconds} s window`,
  };
}
