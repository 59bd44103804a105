import { describe, expect, it } from 'vitest';
import { oneTurn, pace, requestUnderWay } from './background-pace';

/** Holds the thread at least `ms` (a piece of background work). */
function hold(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}
const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A piece that holds the thread 20 ms, then the pause after it: how long the pause gave. */
async function pieceThenPause(pause: () => Promise<void>): Promise<number> {
  hold(20);
  const started = performance.now();
  await pause();
  return performance.now() - started;
}

/** A visitor that wants the thread 1 ms at a time, back after `turns` turns of the event loop, until stopped. */
function visitor(turns = 1) {
  let visiting = true;
  const visit = () => {
    if (!visiting) return;
    hold(1);
    state.visits++;
    let left = turns;
    const again = () => (--left > 0 ? setImmediate(again) : visit());
    setImmediate(again);
  };
  const state = {
    visits: 0,
    start: () => setImmediate(visit),
    stop: () => {
      visiting = false;
    },
  };
  return state;
}

describe('background work keeps to a share of the thread', () => {
  it('after a piece that held the thread past its slice, gives way for up to as long, and what was queued runs first', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 5, onWait: (ms) => waits.push(ms) });
    const order: string[] = [];
    hold(20);
    setImmediate(() => order.push('a request'));
    await pause();
    order.push('the next piece');
    expect(order).toEqual(['a request', 'the next piece']);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(20);
  });

  it('gives the thread to a visitor that keeps wanting it for as long as the piece held it', async () => {
    const visiting = visitor();
    visiting.start();
    const gave = await pieceThenPause(pace({ sliceMs: 5 }));
    visiting.stop();
    expect(visiting.visits).toBeGreaterThan(0);
    expect(gave).toBeGreaterThanOrEqual(20);
  });

  it('at a quarter of the thread (the default), waits three times as long as the piece', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 5, onWait: (ms) => waits.push(ms) });
    hold(10);
    await pause();
    expect(waits[0]).toBeGreaterThanOrEqual(30);
  });

  it('work with a deadline takes half the thread once it has run past `hurryAfterMs`', async () => {
    const waits: { ms: number; held: number }[] = [];
    const pause = pace({ sliceMs: 5, hurryAfterMs: 200, onWait: (ms, held) => waits.push({ ms, held }) });
    hold(10);
    await pause();
    await pause.untimed(later(250));
    // Past 200 ms since it began: the next piece owes as long as it held.
    hold(10);
    await pause();
    const [first, second] = waits;
    expect(first?.ms).toBeCloseTo(3 * (first?.held ?? 0));
    expect(second?.ms).toBeCloseTo(second?.held ?? 0);
  });

  it('at a third of the thread, waits twice as long as the piece', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 5, share: 1 / 3, onWait: (ms) => waits.push(ms) });
    hold(10);
    await pause();
    expect(waits[0]).toBeGreaterThanOrEqual(20);
  });

  it('between short pieces yields one turn each, and counts them together until they fill a slice', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 10_000, onWait: (ms) => waits.push(ms) });
    const order: string[] = [];
    for (let piece = 0; piece < 3; piece++) {
      setImmediate(() => order.push(`request ${piece}`));
      order.push(`piece ${piece}`);
      await pause();
    }
    expect(order).toEqual(['piece 0', 'request 0', 'piece 1', 'request 1', 'piece 2', 'request 2']);
    expect(waits).toEqual([]);
  });

  it('does not count a wait that leaves the thread free (a server, a worker thread)', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 40, onWait: (ms) => waits.push(ms) });
    await pause.untimed(later(100));
    await pause();
    expect(waits).toEqual([]);
    // Nested: the clock stays stopped until the outer wait ends.
    await pause.untimed(
      (async () => {
        await pause.untimed(later(50));
        await later(50);
      })(),
    );
    await pause();
    expect(waits).toEqual([]);
  });

  it('a turn inside a transaction keeps counting: the wait comes at the next pause', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 5, onWait: (ms) => waits.push(ms) });
    hold(10);
    await pause.turn();
    expect(waits).toEqual([]);
    hold(10);
    await pause();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(20);
    await oneTurn();
  });
});

describe('the share is the process’s', () => {
  it('two works pace as one: the next piece of either waits until the visitor had the time both owe', async () => {
    const order: string[] = [];
    const first = pace({ sliceMs: 5 });
    const second = pace({ sliceMs: 5 });
    const work = async (name: string, pause: () => Promise<void>) => {
      for (let piece = 0; piece < 3; piece++) {
        hold(6);
        order.push(name);
        await pause();
      }
    };
    let visiting = true;
    const visit = () => {
      if (!visiting) return;
      hold(3);
      order.push('visit');
      setImmediate(visit);
    };
    setImmediate(visit);
    await Promise.all([work('a', first), work('b', second)]);
    visiting = false;
    // Each work's first piece runs as it starts. After that, every piece owes the visitor 18 ms
    // (a quarter of the thread): at least two of its 3 ms visits between any two pieces. Two paces
    // apart each counted the other's piece as time given.
    expect(order.slice(0, 2)).toEqual(['a', 'b']);
    const visitsBetween = order
      .join(' ')
      .split(/\b[ab]\b/)
      .slice(2, -1)
      .map((run) => run.split('visit').length - 1);
    expect(visitsBetween).toHaveLength(4);
    for (const visits of visitsBetween) expect(visits).toBeGreaterThanOrEqual(2);
  });

  it('keeps giving way to a visitor that skips a turn between its requests (one empty turn is not idle)', async () => {
    // Waits a turn for something else (a statement queued on the one connection), then comes back.
    const visiting = visitor(2);
    visiting.start();
    const gave = await pieceThenPause(pace({ sliceMs: 5, share: 0.5 }));
    visiting.stop();
    expect(visiting.visits).toBeGreaterThan(5);
    expect(gave).toBeGreaterThanOrEqual(20);
  });

  it('goes on when nothing waits: after a few empty turns, not the whole wait', async () => {
    const waits: number[] = [];
    const pause = pace({ sliceMs: 5, onWait: (ms) => waits.push(ms) });
    hold(300);
    // Counts the turns of the event loop until the pause returns (each a trivial callback: empty).
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    await pause();
    counting = false;
    expect(waits[0]).toBeGreaterThanOrEqual(600);
    // Giving way for the 600 ms owed would have taken thousands of turns.
    expect(turns).toBeLessThan(200);
  });

  it('keeps giving way while a request is under way, even one waiting for I/O between its bits', async () => {
    const pause = pace({ sliceMs: 5, share: 0.5 });
    const done = requestUnderWay();
    let bits = 0;
    // A request that waits for a statement (a timer here) between bits of work: its turns are empty.
    const request = (async () => {
      for (let bit = 0; bit < 40; bit++) {
        await later(2);
        bits++;
      }
      done();
    })();
    const gave = await pieceThenPause(pause);
    expect(gave).toBeGreaterThanOrEqual(20);
    expect(bits).toBeGreaterThan(3);
    await request;
  });
});
