import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './test/api-process';
import { createTestDatabase } from './test/test-database';

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
};

// PGlite in a folder, or a fresh PostgreSQL database in the suite's PostgreSQL run.
it('restarting under a stream of reads: every answer is the right body, or no answer at all', async () => {
  const database = await createTestDatabase(undefined, { migrated: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'board-restart-'));
  const env = {
    PORT: '0',
    DATABASE_URL: database.url,
    PGLITE_DATA_DIR: path.join(folder, 'pglite'),
    LOG_LEVEL: 'silent',
    REQUEST_RATE_LIMIT_MAX: '1000000',
  };
  let api: ApiProcess = await startApiProcess(env);
  try {
    const first = await fetch(`${api.url}/public-job-posting`);
    // Idle connections outlive a load balancer's idle timeout: the server never closes one as a request arrives on it.
    expect(first.headers.get('keep-alive')).toBe('timeout=65');
    const list = (await first.json()) as { jobs: { id: number }[] };
    const ids = list.jobs.slice(0, 12).map((job) => job.id);
    const expected = new Map<number, string>();
    for (const id of ids) expected.set(id, await (await fetch(`${api.url}/public-job-posting/${id}`)).text());

    const tally = { right: 0, unavailable: 0, noAnswer: 0 };
    const wrong: string[] = [];
    let reading = true;
    const reader = async (offset: number) => {
      for (let n = offset; reading; n++) {
        const id = ids[n % ids.length] ?? 0;
        try {
          const response = await fetch(`${api.url}/public-job-posting/${id}`, { signal: AbortSignal.timeout(20_000) });
          const body = await response.text();
          if (response.status === 200 && body === expected.get(id)) tally.right++;
          else if (response.status === 503) tally.unavailable++;
          else wrong.push(`job ${id}: ${response.status} ${body.slice(0, 120)}`);
        } catch {
          tally.noAnswer++; // refused or closed before an answer: the client may retry a read
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    };
    const readers = Array.from({ length: 4 }, (_, i) => reader(i * 3));
    await until(() => tally.right >= 100);
    expect(await api.stop(), 'a graceful stop').toBe(0);
    api = await startApiProcess({ ...env, PORT: String(api.port) });
    const beforeRestart = tally.right;
    await until(() => tally.right >= beforeRestart + 100);
    reading = false;
    await Promise.all(readers);

    expect(wrong).toEqual([]);
    expect(tally.right).toBeGreaterThanOrEqual(200);
  } finally {
    await api.stop();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  }
});
