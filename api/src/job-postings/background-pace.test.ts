import { describe, expect, it } from 'vitest';
import { oneTurn, pace } from './background-pace';

/** Holds the thread at least `ms` (a piece of background work). */
function hold(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}
const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
    const pause = pace({ sliceMs: 5 });
    let visiting = true;
    let visits = 0;
    const visit = () => {
      if (!visiting) return;
      hold(1);
      visits++;
      setImmediate(visit);
    };
    hold(20);
    setImmediate(visit);
    const started = performance.now();
    await pause();
    const gave = performance.now() - started;
    visiting = false;
    expect(visits).toBeGreaterThan(0);
    expect(gave).toBeGreaterThanOrEqual(20);
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
