import { describe, expect, it } from 'vitest';
import { viewReports } from './view-report';

/** Reports over a fake server: each answer carries the next token (`t1`, `t2`, …), or none when `refuse`. */
function reports(releases: Record<string, string> = { listings: 'v2' }) {
  const sent: Record<string, unknown>[] = [];
  let issued = 0;
  const server = { refuse: false, asked: 0 };
  const answer = async () => (server.refuse ? null : `t${++issued}`);
  const view = viewReports(() => releases, {
    send: async (body) => {
      sent.push(JSON.parse(body));
      return answer();
    },
    token: async () => {
      server.asked++;
      return answer();
    },
  });
  return { view, sent, server };
}

/** Lets the fake server's answers arrive. */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the view report', () => {
  it('sends one beacon per view when the page is hidden: releases, the last value of each vital, the kinds of error, the token', async () => {
    const { view, sent } = reports();
    await answered();
    view.metric('LCP', 900, 1);
    view.metric('LCP', 1200, 1);
    view.metric('CLS', 0.02, 1);
    view.error('uncaught');
    view.error('uncaught');
    view.error('boundary');
    view.flush();
    view.flush();
    expect(sent).toEqual([
      { releases: { listings: 'v2' }, lcp: 1200, cls: 0.02, errors: ['uncaught', 'boundary'], token: 't1' },
    ]);
  });

  it('a client-side route the browser reports as a navigation is a view of its own, with the token the last answer carried', async () => {
    const { view, sent, server } = reports();
    await answered();
    view.metric('LCP', 800, 7);
    view.error('rejection');
    view.metric('INP', 40, 8);
    await answered();
    view.metric('LCP', 300, 7);
    view.flush();
    expect(sent).toEqual([
      { releases: { listings: 'v2' }, lcp: 800, errors: ['rejection'], token: 't1' },
      { releases: { listings: 'v2' }, inp: 40, errors: [], token: 't2' },
    ]);
    expect(server.asked).toBe(1);
  });

  it('sends nothing for a view that ended before its token came, and asks again after a refused beacon', async () => {
    const { view, sent, server } = reports();
    view.metric('LCP', 400, 1);
    view.flush();
    expect(sent).toEqual([]);
    await answered();
    server.refuse = true;
    view.metric('LCP', 500, 2);
    view.flush();
    await answered();
    expect(sent).toEqual([{ releases: { listings: 'v2' }, lcp: 500, errors: [], token: 't1' }]);
    expect(server.asked).toBe(2);
  });

  it('sends nothing for a view that used no remote with releases, and ignores other metrics', async () => {
    const { view, sent } = reports({});
    await answered();
    view.metric('TTFB', 100, 1);
    view.flush();
    expect(sent).toEqual([]);
  });
});
