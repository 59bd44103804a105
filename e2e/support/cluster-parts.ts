import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../api/src/db/database';
import { sourcesService } from '../../api/src/sources/sources-service';
import { vendorHttp } from '../../api/src/sources/vendor-http';
import { benchAshbyJobs } from '../../api/src/test/ashby-jobs';
import { type FakeVendors, startFakeVendors } from '../../api/src/test/fake-vendors';
import { appFolders } from '../../scripts/serve-board';
import { redisServerBinary } from '../../shared/src/test/redis-server';
import { nginxBinary } from './nginx';
import { release } from './release-cli';

/** What the cluster (support/cluster.ts) needs of the machine, its releases and its ATS source. */

/**
 * Whether the suite can run here: it needs Debian's nginx and redis-server (PostgreSQL is the
 * suite's server, BOARD_TEST_POSTGRES_URL, or a cluster of its own from the npm package). Locally
 * a missing one skips the suite with the reason; under CI=true it fails it (.ci/run installs them).
 */
export function clusterMissing(): string | null {
  const missing = [nginxBinary() ? null : 'nginx', redisServerBinary() ? null : 'redis-server'].filter(Boolean);
  if (missing.length === 0) return null;
  const reason = `the instances suite needs ${missing.join(', ')} (apt-get install nginx redis-server)`;
  if (process.env.CI === 'true') throw new Error(`${reason}: CI=true requires it (.ci/run installs them)`);
  return reason;
}

/** A copy of the listings build stamped as a later build: a second release without building again. */
function restampedListings(listings: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'board-listings-next-'));
  cpSync(listings, folder, { recursive: true });
  for (const manifest of [path.join(folder, 'mf-manifest.json'), path.join(folder, 'server', 'mf-manifest.json')]) {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      metaData: { buildInfo: { buildVersion: string } };
    };
    const [commit] = parsed.metaData.buildInfo.buildVersion.split('@');
    parsed.metaData.buildInfo.buildVersion = `${commit}@2099-01-01T00:00:00.000Z`;
    writeFileSync(manifest, JSON.stringify(parsed));
  }
  return folder;
}

/** Two releases of the listings remote in the store `stores` (the second a restamped copy), neither live yet. */
export function publishTwoListings(stores: string): { first: string; second: string } {
  const next = restampedListings(appFolders.listings);
  try {
    const first = release(stores, 'publish', 'listings');
    const second = release(stores, 'publish', 'listings', '--dist', next);
    if (first.status !== 0 || second.status !== 0) throw new Error(`publish failed: ${first.stderr}${second.stderr}`);
    return { first: first.last, second: second.last };
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

/** The deploy's one ATS source: an Ashby board whose jobs the worker's first round imports. */
export const clusterSource = { board: 'lighthouse-works', company: 'Lighthouse Works', jobs: 7 };

/** The companies' ATSs as local servers answering as theirs do, the deploy's source's board among them. */
export async function clusterVendors(): Promise<FakeVendors> {
  const vendors = await startFakeVendors();
  vendors.setJobs(
    'ashby',
    clusterSource.board,
    benchAshbyJobs(clusterSource.jobs, 1).map((job, index) => ({ ...job, title: `Lighthouse Keeper ${index}` })),
  );
  return vendors;
}

/** The deploy's source, added as `pnpm sources add` does on PostgreSQL. */
export async function addClusterSource(db: Database, vendors: FakeVendors): Promise<void> {
  await sourcesService({
    db,
    http: vendorHttp({ trusted: Object.values(vendors.urls) }),
    vendorUrls: vendors.urls,
  }).add('ashby', clusterSource.board, { company: clusterSource.company });
}
