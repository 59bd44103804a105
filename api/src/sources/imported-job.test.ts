import { describe, expect, it } from 'vitest';
import { mapYielding } from './imported-job';

/** Holds the thread `ms`, as mapping a large job does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("an answer's jobs mapped side by side", () => {
  it('keeps the order of the answer, whichever map settles first', async () => {
    const items = Array.from({ length: 65 }, (_, n) => n);
    // The later items settle first.
    const mapped = await mapYielding(items, async (n) => {
      for (let turn = 0; turn < items.length - n; turn++) await Promise.resolve();
      return `job ${n}`;
    });
    expect(mapped).toEqual(items.map((n) => `job ${n}`));
  });

  it('lets other work run between pieces of an answer that holds the thread', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('a request'));
    await mapYielding(
      Array.from({ length: 20 }, (_, n) => n),
      (n) => {
        busy(2);
        order.push(`job ${n}`);
      },
    );
    expect(order.indexOf('a request')).toBeGreaterThan(0);
    expect(order.indexOf('a request')).toBeLessThan(order.length - 1);
  });

  it("fails with the first item's failure", async () => {
    await expect(
      mapYielding([1, 2, 3], async (n) => {
        if (n >= 2) throw new Error(`job ${n} has no title`);
        return n;
      }),
    ).rejects.toThrow('job 2 has no title');
  });
});
