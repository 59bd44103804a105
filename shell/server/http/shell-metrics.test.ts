// @vitest-environment node
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { describe, expect, it } from 'vitest';
import { ReleasePointers } from '../remotes/release-pointers';
import { createShellServer } from '../shell-server';
import { tempDists } from '../test/temp-dist';
import { testConfig } from '../test/test-config';
import { shellMetrics } from './shell-metrics';

const dist = tempDists({ 'index.html': '<html><head><title>Foundry Jobs</title></head><body></body></html>' });
const pointerUrl = 'http://127.0.0.1:9002/releases/pointer.json';
const config = { ...testConfig('http://127.0.0.1:9000'), releases: { listings: pointerUrl } } as RuntimeConfig;

describe("the shell's metrics", () => {
  it('count requests by route and status, beacons by release and kind, and cache lookups', async () => {
    const metrics = shellMetrics();
    const app = createShellServer({
      distDir: dist(),
      config: () => config,
      mode: 'assemble',
      warmUp: false,
      releases: new ReleasePointers({
        fetch: async () => new Response(JSON.stringify({ live: 'v1', previous: null, canary: null })),
      }),
      metrics,
      log: () => {},
    });
    const beacon = { releases: { listings: 'v1' }, lcp: 900, errors: ['remote', 'boundary'] };
    const answer = async (response: Response | Promise<Response>) =>
      (await response).json() as Promise<{ token: string }>;
    let { token } = await answer(app.request('/__beacon/token', { method: 'POST' }));
    for (let index = 0; index < 2; index++) {
      const response = await app.request('/__beacon', { method: 'POST', body: JSON.stringify({ ...beacon, token }) });
      expect(response.status).toBe(200);
      ({ token } = await answer(response));
    }
    expect((await app.request('/__beacon', { method: 'POST', body: JSON.stringify(beacon) })).status).toBe(403);
    expect((await app.request('/__beacon', { method: 'POST', body: 'nonsense' })).status).toBe(400);
    await app.request('/health');
    const text = await metrics.metrics.registry.metrics();
    // The value of the series with these labels (and the service's), whatever their order.
    const line = (name: string, labels: string) => {
      const wanted = ['service="shell"', ...labels.split(',')].sort().join(',');
      for (const [, found = '', value] of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\d+)$`, 'gm')))
        if (found.split(',').sort().join(',') === wanted) return value;
      return undefined;
    };
    expect(line('board_beacon_views_total', 'app="listings",version="v1"')).toBe('2');
    expect(line('board_beacon_errors_total', 'app="listings",version="v1",kind="remote"')).toBe('2');
    expect(line('board_beacon_refused_total', 'app="listings",reason="no-token"')).toBe('1');
    expect(line('board_http_request_duration_seconds_count', 'route="/__beacon",method="POST",status="200"')).toBe('2');
    expect(line('board_http_request_duration_seconds_count', 'route="/__beacon",method="POST",status="400"')).toBe('1');
    expect(line('board_http_request_duration_seconds_count', 'route="/health",method="GET",status="200"')).toBe('1');
    // The pointer was read for the token, then kept for the beacons.
    expect(line('board_cache_lookups_total', 'cache="pointers",result="miss"')).toBe('1');
    expect(line('board_cache_lookups_total', 'cache="pointers",result="hit"')).toBe('2');
  });
});
