import { describe, expect, it } from 'vitest';
import { viewReports } from './view-report';

function reports(releases: Record<string, string> = { listings: 'v2' }) {
  const sent: unknown[] = [];
  const view = viewReports(
    () => releases,
    (body) => sent.push(JSON.parse(body)),
  );
  return { view, sent };
}

describe('the view report', () => {
  it('sends one beacon per view when the page is hidden: releases, the last value of each vital, the kinds of error', () => {
    const { view, sent } = reports();
    view.metric('LCP', 900, 1);
    view.metric('LCP', 1200, 1);
    view.metric('CLS', 0.02, 1);
    view.error('uncaught');
    view.error('uncaught');
    view.error('boundary');
    view.flush();
    view.flush();
    expect(sent).toEqual([{ releases: { listings: 'v2' }, lcp: 1200, cls: 0.02, errors: ['uncaught', 'boundary'] }]);
  });

  it('a client-side route the browser reports as a navigation is a view of its own', () => {
    const { view, sent } = reports();
    view.metric('LCP', 800, 7);
    view.error('rejection');
    view.metric('INP', 40, 8);
    view.metric('LCP', 300, 7);
    view.flush();
    expect(sent).toEqual([
      { releases: { listings: 'v2' }, lcp: 800, errors: ['rejection'] },
      { releases: { listings: 'v2' }, inp: 40, errors: [] },
    ]);
  });

  it('sends nothing for a view that used no remote with releases, and ignores other metrics', () => {
    const { view, sent } = reports({});
    view.metric('TTFB', 100, 1);
    view.flush();
    expect(sent).toEqual([]);
  });
});
