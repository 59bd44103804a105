// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countsOfView, type ReleaseHealthSnapshot } from '@board/shared/config/release-health';
import type { ReleasePointer } from '@board/shared/config/release-pointer';
import { memoryHealthStore, minuteOf } from '@board/shared/lib/health-store';
import type { LeaderLock } from '@board/shared/lib/leader-lock';
import type { LogEntry } from '@board/shared/lib/request-log';
import { ReleaseStore } from '@board/shared/release/release-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReleaseGate } from './release-gate-runner';

let root: string;
const started = Date.parse('2026-11-29T10:00:00Z');

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'release-gate-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A store with releases v1 (live) and v2 (an --auto canary at 50% started at `started`). */
function storeWithCanary(auto = { windowSeconds: 60, minViews: 20 }) {
  const store = new ReleaseStore(root, 'listings');
  for (const version of ['v1', 'v2']) {
    const build = path.join(root, `build-${version}`);
    mkdirSync(build, { recursive: true });
    store.add(build, { version, buildVersion: version });
  }
  const pointer: ReleasePointer = {
    live: 'v1',
    previous: null,
    canary: { version: 'v2', percent: 50, auto: { startedAt: new Date(started).toISOString(), ...auto } },
  };
  store.writePointer(pointer);
  return store;
}

const held: LeaderLock = { acquire: async () => true, release: async () => {}, close: async () => {} };
const taken: LeaderLock = { ...held, acquire: async () => false };

async function gateAt(seconds: number, views: { v1?: [number, number]; v2?: [number, number] }, lock = held) {
  const health = memoryHealthStore();
  for (const [version, [count, errors]] of Object.entries(views))
    for (let index = 0; index < count; index++)
      await health.add(
        'listings',
        version,
        minuteOf(started),
        countsOfView({ errors: index < errors ? ['uncaught'] : [], lcp: 900 }),
      );
  const logged: LogEntry[] = [];
  const gate = startReleaseGate({
    storeRoot: () => root,
    health,
    lock,
    intervalMs: 60_000,
    log: (entry) => logged.push(entry),
    now: () => started + seconds * 1000,
  });
  await gate.run();
  await gate.stop();
  return logged;
}

describe('the release gate', () => {
  it('rolls back a canary whose visitors see errors, marks it failed, and logs why with the figures', async () => {
    const store = storeWithCanary();
    const logged = await gateAt(20, { v1: [20, 0], v2: [20, 20] });
    expect(store.readPointer()).toMatchObject({ live: 'v1', canary: null, failed: ['v2'] });
    const entry = store.readLog().at(-1);
    expect(entry).toMatchObject({ by: 'gate', action: 'rollback', version: 'v2' });
    expect(entry?.reason).toMatch(/error rate 100\.0% against live's 0\.0%/);
    expect(entry?.figures).toMatchObject({ canary: { views: 20, errors: 20 }, live: { views: 20, errors: 0 } });
    expect(logged).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringMatching(/v2 rolled back/) }),
    ]);
  });

  it('promotes a clean canary once its window has passed with enough views, as `pnpm release promote` would', async () => {
    const store = storeWithCanary();
    await gateAt(30, { v1: [30, 0], v2: [30, 0] });
    expect(store.readPointer().canary?.version).toBe('v2');
    await gateAt(61, { v1: [30, 0], v2: [30, 0] });
    expect(store.readPointer()).toMatchObject({ live: 'v2', previous: 'v1', canary: null });
    expect(store.readLog().at(-1)).toMatchObject({ by: 'gate', action: 'promote', version: 'v2' });
  });

  it('keeps waiting on too few views, however long it has run', async () => {
    const store = storeWithCanary();
    await gateAt(3600, { v1: [500, 0], v2: [19, 0] });
    expect(store.readPointer().canary?.version).toBe('v2');
    const health = store.readHealth() as ReleaseHealthSnapshot;
    expect(health.gate).toMatchObject({ decision: 'wait', reason: '19 of the 20 views it needs' });
  });

  it('writes what visitors reported beside the pointer, for `pnpm release health`', async () => {
    const store = storeWithCanary({ windowSeconds: 600, minViews: 200 });
    await gateAt(20, { v1: [8, 0], v2: [4, 1] });
    const health = store.readHealth() as ReleaseHealthSnapshot;
    expect(health).toMatchObject({ app: 'listings', counts: 'memory' });
    expect(health.releases.map((release) => [release.role, release.version, release.lastHour.views])).toEqual([
      ['live', 'v1', 8],
      ['canary', 'v2', 4],
    ]);
    expect(health.releases[1]?.last10Minutes).toMatchObject({ views: 4, errors: 1, errorRate: 0.25, lcpP75: 950 });
  });

  it('does nothing while another instance holds the lock', async () => {
    const store = storeWithCanary();
    await gateAt(20, { v1: [20, 0], v2: [20, 20] }, taken);
    expect(store.readPointer().canary?.version).toBe('v2');
    expect(store.readHealth()).toBeNull();
  });
});
