import { describe, expect, it } from 'vitest';
import { decideGate } from './release-gate';
import { countsOfView, figuresOf, type HealthCounts, p75 } from './release-health';

/** Figures of `views` views, `errors` of them with an uncaught error, each with LCP `lcp` ms. */
function figures(views: number, errors: number, lcp = 1000) {
  const counts: HealthCounts = {};
  for (let index = 0; index < views; index++) {
    const view = countsOfView({ errors: index < errors ? ['uncaught'] : [], lcp });
    for (const [field, count] of Object.entries(view)) counts[field] = (counts[field] ?? 0) + count;
  }
  return figuresOf(counts);
}

const window = { windowSeconds: 600, minViews: 200 };

describe('the gate of an --auto canary', () => {
  it.each([
    ['errors 3 points above live: rolled back', figures(200, 6), figures(1000, 0), 60, 'rollback', /error rate 3\.0%/],
    ['errors 2 points above live: no breach', figures(200, 4), figures(1000, 0), 60, 'wait', /no breach/],
    ['p75 LCP past 1.25× live: rolled back', figures(200, 0, 2500), figures(1000, 0, 1000), 60, 'rollback', /p75 LCP/],
    ['p75 LCP within 1.25×: no breach', figures(200, 0, 1100), figures(1000, 0, 1000), 60, 'wait', /no breach/],
    ['too few views: waits, even with errors', figures(199, 199), figures(1000, 0), 60, 'wait', /199 of the 200/],
    [
      'too few views after the window: never promoted on silence',
      figures(10, 0),
      figures(1000, 0),
      3600,
      'wait',
      /10 of/,
    ],
    ['window passed clean with enough views: promoted', figures(200, 1), figures(1000, 5), 600, 'promote', /no breach/],
    [
      'a breach at the end of the window still rolls back',
      figures(300, 30),
      figures(1000, 0),
      900,
      'rollback',
      /error/,
    ],
  ] as const)('%s', (_, canary, live, elapsedSeconds, action, reason) => {
    const decision = decideGate({ canary, live, elapsedSeconds, ...window });
    expect(decision.action).toBe(action);
    expect(decision.reason).toMatch(reason);
  });

  it('compares LCP only once both sides measured it in the minimum of views', () => {
    const slowFew = figuresOf({ ...countsOfView({ errors: [], lcp: 9000 }), views: 300 });
    const decision = decideGate({ canary: slowFew, live: figures(1000, 0), elapsedSeconds: 60, ...window });
    expect(decision).toMatchObject({ action: 'wait', reason: expect.stringMatching(/no breach/) });
    expect(
      decideGate({ canary: figures(300, 0, 9000), live: figures(100, 0), elapsedSeconds: 60, ...window }).action,
    ).toBe('wait');
  });

  it('rolls back past the ratio it is given, and says which', () => {
    const input = { canary: figures(200, 0, 2500), live: figures(1000, 0, 1000), elapsedSeconds: 60, ...window };
    expect(decideGate({ ...input, lcpRatio: 3 }).action).toBe('wait');
    expect(decideGate({ ...input, lcpRatio: 2 })).toMatchObject({
      action: 'rollback',
      reason: expect.stringMatching(/more than 2×/),
    });
  });

  it('without LCP from either side, only the error rate decides', () => {
    const none = figuresOf({ views: 500 });
    expect(decideGate({ canary: none, live: none, elapsedSeconds: 700, ...window }).action).toBe('promote');
  });
});

describe('p75 from fixed buckets', () => {
  it('reads the bucket three quarters of the views reach, interpolated within it', () => {
    const counts: HealthCounts = {};
    for (const lcp of [150, 150, 150, 1800]) {
      for (const [field, count] of Object.entries(countsOfView({ errors: [], lcp })))
        counts[field] = (counts[field] ?? 0) + count;
    }
    // 3 of 4 views fall in 100-200 ms: the 75th percentile is at that bucket's top.
    expect(p75(counts, 'lcp')).toBe(200);
    expect(p75({}, 'lcp')).toBeNull();
    // One view at 0.3 is three quarters of the way up its bucket (0.25, 0.3].
    expect(p75(countsOfView({ errors: [], cls: 0.3 }), 'cls')).toBe(0.288);
  });

  it('counts a view with errors of two kinds once as an error, and once per kind', () => {
    const view = figuresOf(countsOfView({ errors: ['uncaught', 'boundary', 'uncaught'] }));
    expect(view).toMatchObject({ views: 1, errors: 1, errorRate: 1 });
    expect(view.errorsByKind).toEqual({ uncaught: 1, rejection: 0, remote: 0, boundary: 1 });
  });
});
