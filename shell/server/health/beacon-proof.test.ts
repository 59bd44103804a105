// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ReleaseHealthSnapshot, refusedCountsKey, refusedOf } from '@board/shared/config/release-health';
import { memoryHealthStore } from '@board/shared/lib/health-store';
import { memoryLimits } from '@board/shared/lib/limits';
import { ReleaseStore } from '@board/shared/release/release-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beaconKit, testView as view } from './beacon-test-kit';
import { startReleaseGate } from './release-gate-runner';
import { viewAttribution } from './view-attribution';

/** The refused beacons of listings this minute, by reason. */
async function refusals(kit: ReturnType<typeof beaconKit>) {
  const minute = Math.floor(Date.now() / 60_000);
  return refusedOf(await kit.store.read('listings', refusedCountsKey, minute - 1, minute));
}

/** A token whose payload was rewritten to name other releases, its signature kept. */
function tampered(token: string, releases: Record<string, string>) {
  const [payload = '', signature] = token.split('.');
  const read = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return `${Buffer.from(JSON.stringify({ ...read, r: releases })).toString('base64url')}.${signature}`;
}

describe('a beacon counts only with a token the server issued for its view', () => {
  it('refuses one with no token, a forged, an edited or an expired token with a 403, counting it as refused', async () => {
    let now = Date.now();
    const kit = beaconKit({ attribution: { now: () => now } });
    const live = await kit.token();
    const stranger = viewAttribution({ secret: 'another-deploys-secret' }).issue({ listings: 'v2' });
    const bodies = [
      view,
      { ...view, token: 'eyJyIjp7fX0.c2lnbmVk' },
      { ...view, token: stranger },
      { ...view, token: tampered(live, { listings: 'v2' }) },
    ];
    for (const body of bodies) expect((await kit.send(body)).status).toBe(403);
    const old = await kit.token('listings:v2');
    now += 16 * 60_000;
    expect((await kit.send({ ...view, token: old })).status).toBe(403);
    expect(await kit.counts('v2')).toEqual({});
    expect(kit.counted).toEqual([]);
    expect(await refusals(kit)).toMatchObject({ 'no-token': 1, forged: 3, expired: 1, total: 5 });
  });

  it('counts a token once: a beacon replayed on another instance that shares the limits is refused', async () => {
    const limits = memoryLimits();
    const [one, two] = [beaconKit({ attribution: { limits } }), beaconKit({ attribution: { limits } })];
    const token = await one.token('listings:v2');
    expect((await two.send({ ...view, token })).status).toBe(200);
    expect((await one.send({ ...view, token })).status).toBe(403);
    expect((await two.send({ ...view, token })).status).toBe(403);
    expect((await two.counts('v2')).views).toBe(1);
    expect(await one.counts('v2')).toEqual({});
    expect(await refusals(one)).toMatchObject({ replayed: 1, total: 1 });
  });

  it('counts no view of a release its token was not issued for (a live visitor cannot report the canary)', async () => {
    const kit = beaconKit();
    const response = await kit.send({ ...view, releases: { listings: 'v2' }, token: await kit.token() });
    expect(response.status).toBe(200);
    expect(await kit.counts('v2')).toEqual({});
    expect(await refusals(kit)).toMatchObject({ 'other-release': 1, total: 1 });
  });

  it('caps the views of one release a visitor counts (an IPv6 /64 is one visitor); another visitor still counts', async () => {
    const kit = beaconKit({ attribution: { viewsPerVisitor: 3 } });
    const statuses = [];
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2::3',
      '2001:db8:1:2:ffff::9',
      '2001:db8:1:2::1',
    ])
      statuses.push((await kit.send({ ...view, token: await kit.token('listings:v2', address) }, address)).status);
    // The capped views are answered like the rest: the visitor's later views of live still count.
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await kit.counts('v2')).views).toBe(3);
    expect(
      (await kit.send({ ...view, token: await kit.token('listings:v2', '203.0.113.5') }, '203.0.113.5')).status,
    ).toBe(200);
    expect((await kit.counts('v2')).views).toBe(4);
    expect(await refusals(kit)).toMatchObject({ 'over-cap': 2, total: 2 });
  });
});

describe('fake beacons do not decide an --auto canary', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'beacon-proof-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** listings v1 live and v2 an --auto canary at 5% (40 s window, 20 views), started now; the gate over one health store. */
  function canary() {
    const releases = new ReleaseStore(root, 'listings');
    for (const version of ['v1', 'v2']) {
      const build = path.join(root, `build-${version}`);
      mkdirSync(build, { recursive: true });
      releases.add(build, { version, buildVersion: version });
    }
    const startedAt = Date.now();
    releases.writePointer({
      live: 'v1',
      previous: null,
      canary: {
        version: 'v2',
        percent: 5,
        auto: { startedAt: new Date(startedAt).toISOString(), windowSeconds: 40, minViews: 20 },
      },
    });
    const health = memoryHealthStore();
    const kit = beaconKit({
      store: health,
      pointer: () => releases.readPointer(),
      attribution: { viewsPerVisitor: 10 },
    });
    /** One evaluation of the gate, `seconds` after the canary started. */
    const gate = async (seconds: number) => {
      const runner = startReleaseGate({
        storeRoot: () => root,
        health,
        lock: { acquire: async () => true, release: async () => {}, close: async () => {} },
        intervalMs: 60_000,
        log: () => {},
        now: () => startedAt + seconds * 1000,
      });
      await runner.run();
      await runner.stop();
      return releases.readHealth() as ReleaseHealthSnapshot;
    };
    return { kit, releases, gate };
  }

  it('25 forged error beacons for a good canary leave it running, and `release health` shows them refused', async () => {
    const { kit, releases, gate } = canary();
    const forged = { releases: { listings: 'v2' }, errors: ['uncaught'], token: 'eyJpIjoiMSJ9.Zm9yZ2Vk' };
    for (let index = 0; index < 25; index++) expect((await kit.send(forged)).status).toBe(403);
    const health = await gate(20);
    expect(releases.readPointer()).toMatchObject({ live: 'v1', canary: { version: 'v2' } });
    expect(releases.readPointer().failed ?? []).toEqual([]);
    expect(health.gate).toMatchObject({ decision: 'wait', reason: '0 of the 20 views it needs' });
    expect(health.refused?.last10Minutes).toMatchObject({ forged: 25, total: 25 });
  });

  it('25 error views from one visitor with real tokens count only up to the cap: the canary is not rolled back', async () => {
    const { kit, releases, gate } = canary();
    for (let index = 0; index < 25; index++)
      await kit.send({ releases: { listings: 'v2' }, errors: ['uncaught'], token: await kit.token('listings:v2') });
    const health = await gate(20);
    expect(releases.readPointer().canary?.version).toBe('v2');
    expect(health.gate).toMatchObject({ decision: 'wait', reason: '10 of the 20 views it needs' });
    expect(health.refused?.lastHour).toMatchObject({ 'over-cap': 15 });
  });

  it('forged clean canary views and forged bad live views do not promote it once its window has passed', async () => {
    const { kit, releases, gate } = canary();
    const token = 'eyJpIjoiMiJ9.Zm9yZ2Vk';
    for (let index = 0; index < 25; index++) {
      await kit.send({ releases: { listings: 'v2' }, lcp: 900, errors: [], token });
      await kit.send({ releases: { listings: 'v1' }, lcp: 600_000, errors: ['uncaught'], token });
    }
    const health = await gate(60);
    expect(releases.readPointer()).toMatchObject({ live: 'v1', canary: { version: 'v2' } });
    expect(health.gate?.decision).toBe('wait');
  });
});
