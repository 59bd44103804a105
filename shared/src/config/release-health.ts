/**
 * What the visitors of each release report (decision 035), summed: views, views with an error
 * (and of which kind), and LCP, INP and CLS as counts in fixed buckets, so any number of
 * instances and minutes add up and a p75 can be read from the sum. Shared by the shell's server
 * (which counts and gates: decision 036) and `pnpm release health` (which prints what it wrote).
 */
export const viewErrorKinds = ['uncaught', 'rejection', 'remote', 'boundary'] as const;
export type ViewErrorKind = (typeof viewErrorKinds)[number];

const vitalNames = ['lcp', 'inp', 'cls'] as const;
export type VitalName = (typeof vitalNames)[number];

/** Each bucket's upper bound (LCP and INP in ms, CLS unitless); a last bucket holds what is above. */
const vitalBuckets: Record<VitalName, readonly number[]> = {
  lcp: [100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 7000, 10000, 20000],
  inp: [16, 32, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 2000, 5000],
  cls: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 0.75, 1, 2],
};

/** The bucket a value falls in (the first whose bound it does not pass). */
function bucketOf(name: VitalName, value: number): number {
  const bounds = vitalBuckets[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/** Counts as stored: `views`, `errors`, `error:<kind>`, `<vital>:<bucket>`. */
export type HealthCounts = Record<string, number>;

/** The fields one view adds. */
export function countsOfView(view: {
  errors: readonly ViewErrorKind[];
  lcp?: number | undefined;
  inp?: number | undefined;
  cls?: number | undefined;
}): HealthCounts {
  const counts: HealthCounts = { views: 1 };
  if (view.errors.length > 0) counts.errors = 1;
  for (const kind of new Set(view.errors)) counts[`error:${kind}`] = 1;
  for (const name of vitalNames) {
    const value = view[name];
    if (value !== undefined) counts[`${name}:${bucketOf(name, value)}`] = 1;
  }
  return counts;
}

/**
 * Why a beacon was not counted (decision 047): it carried no proof that the server gave its page
 * (`no-token`), one it did not sign (`forged`), one past its time (`expired`), one already used
 * (`replayed`), one issued for another release than the beacon names (`other-release`), or its
 * visitor had already reported the most views of that release an hour counts (`over-cap`).
 */
export const beaconRefusals = ['no-token', 'forged', 'expired', 'replayed', 'other-release', 'over-cap'] as const;
export type BeaconRefusal = (typeof beaconRefusals)[number];

/**
 * Where a remote's refused beacons are counted, beside its releases' counts: not a release version
 * (those start with a letter or digit), so no release's counts are ever mixed with them.
 */
export const refusedCountsKey = '!refused';

/** The field one refusal adds (under `refusedCountsKey`). */
export const countsOfRefusal = (reason: BeaconRefusal): HealthCounts => ({ [`refused:${reason}`]: 1 });

/** Refused beacons by reason, over one span of time. */
export type RefusedFigures = Record<BeaconRefusal, number> & { total: number };

export function refusedOf(counts: HealthCounts): RefusedFigures {
  const figures = Object.fromEntries(beaconRefusals.map((reason) => [reason, counts[`refused:${reason}`] ?? 0]));
  const total = Object.values(figures).reduce((sum, count) => sum + count, 0);
  return { ...(figures as Record<BeaconRefusal, number>), total };
}

export function addCounts(into: HealthCounts, more: HealthCounts): HealthCounts {
  for (const [field, count] of Object.entries(more)) into[field] = (into[field] ?? 0) + count;
  return into;
}

/**
 * The 75th percentile of a vital from its bucket counts, read as Prometheus reads a histogram: the
 * bucket where three quarters of the views are reached, interpolated within it (the open last
 * bucket answers its lower bound). Null with no views measured.
 */
export function p75(counts: HealthCounts, name: VitalName): number | null {
  const bounds = vitalBuckets[name];
  const perBucket = Array.from({ length: bounds.length + 1 }, (_, index) => counts[`${name}:${index}`] ?? 0);
  const total = perBucket.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = 0.75 * total;
  let below = 0;
  for (const [index, count] of perBucket.entries()) {
    if (below + count >= rank && count > 0) {
      const lower = index === 0 ? 0 : (bounds[index - 1] ?? 0);
      const upper = bounds[index];
      if (upper === undefined) return lower;
      const value = lower + ((upper - lower) * (rank - below)) / count;
      return name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
    }
    below += count;
  }
  return null;
}

/** What `release health` and the gate read of one release over one span of time. */
export interface HealthFigures {
  views: number;
  /** Views that had at least one error. */
  errors: number;
  /** errors / views (0 with no views). */
  errorRate: number;
  errorsByKind: Record<ViewErrorKind, number>;
  /** Views that measured an LCP (a visitor who leaves before the vitals load measures none). */
  lcpViews: number;
  lcpP75: number | null;
  inpP75: number | null;
  clsP75: number | null;
}

export function figuresOf(counts: HealthCounts): HealthFigures {
  const views = counts.views ?? 0;
  const errors = counts.errors ?? 0;
  return {
    views,
    errors,
    errorRate: views === 0 ? 0 : errors / views,
    errorsByKind: Object.fromEntries(viewErrorKinds.map((kind) => [kind, counts[`error:${kind}`] ?? 0])) as Record<
      ViewErrorKind,
      number
    >,
    lcpViews: Object.entries(counts).reduce((sum, [field, count]) => (field.startsWith('lcp:') ? sum + count : sum), 0),
    lcpP75: p75(counts, 'lcp'),
    inpP75: p75(counts, 'inp'),
    clsP75: p75(counts, 'cls'),
  };
}

/** One release's figures over the last 10 minutes and the last hour. */
export interface ReleaseHealth {
  role: 'live' | 'canary';
  version: string;
  percent?: number;
  last10Minutes: HealthFigures;
  lastHour: HealthFigures;
}

/**
 * What the shell's server writes beside a remote's pointer at each evaluation (`health.json`):
 * what `pnpm release health` prints. `gate`: an `--auto` canary's figures since it started and
 * the decision they gave.
 */
export interface ReleaseHealthSnapshot {
  app: string;
  at: string;
  /** Where the counts were read: every instance's (Redis) or one instance's memory. */
  counts: 'redis' | 'memory';
  releases: ReleaseHealth[];
  /** The remote's beacons that were not counted, by why (an older server wrote none). */
  refused?: { last10Minutes: RefusedFigures; lastHour: RefusedFigures };
  gate?: { decision: string; reason: string; canary: HealthFigures; live: HealthFigures };
}
