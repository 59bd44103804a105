import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/error-report';
import { availabilityGate, DatabaseUnavailable } from './availability';

/** A database the test switches on and off, counting the probes it answers. */
function fakeDatabase() {
  const state = { up: true, probes: 0, hang: false };
  return {
    state,
    probe: async () => {
      state.probes++;
      if (state.hang) return new Promise<void>(() => {});
      if (!state.up) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    },
  };
}

describe('the availability gate', () => {
  it('lets queries through while the database answers, without asking it anything', async () => {
    const database = fakeDatabase();
    const gate = availabilityGate({ probe: database.probe, spacingMs: 5 });
    expect(gate.admit()).toBeNull();
    expect(database.state.probes).toBe(0);
  });

  it('once a probe failed, answers each query with a 503 error after one shared probe, and admits the first after the return', async () => {
    const database = fakeDatabase();
    const changes: boolean[] = [];
    const gate = availabilityGate({ probe: database.probe, spacingMs: 5, changed: (up) => changes.push(up) });
    database.state.up = false;
    gate.suspect();
    expect(await gate.check()).toBe(false);
    const before = database.state.probes;
    const waiting = Array.from({ length: 50 }, () => gate.admit());
    const outcomes = await Promise.allSettled(waiting);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(DatabaseUnavailable);
      expect(isDatabaseUnavailable(reason)).toBe(true);
    }
    // Fifty queries, one probe.
    expect(database.state.probes - before).toBe(1);

    // Back: the next query waits for a probe that starts after it arrived, and goes ahead.
    database.state.up = true;
    await expect(gate.admit()).resolves.toBeUndefined();
    expect(gate.admit()).toBeNull();
    expect(changes).toEqual([false, true]);
  });

  it('counts a probe that does not answer as failed, and drops what it held', async () => {
    const database = fakeDatabase();
    let abandoned = 0;
    const gate = availabilityGate({
      probe: database.probe,
      spacingMs: 5,
      timeoutMs: 20,
      abandon: () => abandoned++,
    });
    database.state.hang = true;
    expect(await gate.check()).toBe(false);
    expect(abandoned).toBe(1);
    await expect(gate.admit()).rejects.toBeInstanceOf(DatabaseUnavailable);
  });
});
