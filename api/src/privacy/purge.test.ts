import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../candidates/retention';
import { runPrivacyPurge } from '../cli/privacy-purge';
import { applications } from '../db/application-tables';
import { selectRows } from '../db/select-rows';
import { applicationForm, publishedJobId, submitApplication } from '../test/application-form';
import { useTestApi } from '../test/use-test-api';
import { FuturePurgeRefused, purgeExpired } from './purge';

const api = useTestApi();

/** The running API the command asks while it holds the embedded database. */
let apiUrl: string;
let server: ReturnType<typeof serve>;
beforeAll(async () => {
  server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

async function applicationCount(): Promise<number> {
  return (await api.db.select({ id: applications.id }).from(applications)).length;
}

describe('a purge as of a future day (a mistyped year)', () => {
  it('only counts: without --dry-run it is refused in one line, and nothing is deleted', async () => {
    const jobId = await publishedJobId(api);
    const response = await submitApplication(api, await applicationForm(api, jobId));
    expect(response.status).toBe(201);
    const before = await applicationCount();
    const future = addMonths(new Date(), 12 * 10);
    const lines: string[] = [];
    const run = (args: string[], env: Record<string, string | undefined>) =>
      runPrivacyPurge(args, env, (line) => lines.push(line));
    const refusal = `Refused: ${future.toISOString()} is in the future, and a purge as of then would delete what is still within retention today. Count it with --dry-run (dry_run: true); nothing was deleted.`;

    // Through the running API (the embedded database), and on PostgreSQL directly.
    for (const env of [{ ALERTS_API_URL: apiUrl }, ...(api.databaseUrl ? [{ DATABASE_URL: api.databaseUrl }] : [])]) {
      lines.length = 0;
      expect(await run(['--now', future.toISOString()], env)).toBe(2);
      expect(lines).toEqual([refusal]);
      expect(await applicationCount()).toBe(before);

      lines.length = 0;
      expect(await run(['--now', future.toISOString(), '--dry-run'], env)).toBe(0);
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^Would delete as of ${future.toISOString()}: \\d+ application`)),
      ]);
      expect(await applicationCount()).toBe(before);
    }

    // The operator endpoint itself: 422, nothing deleted; with dry_run it counts.
    const post = (body: unknown) =>
      api.app.request('/operator/privacy/purge', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await post({ now: future.toISOString() });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: refusal });
    expect((await post({ now: future.toISOString(), dry_run: false })).status).toBe(422);
    const counted = await post({ now: future.toISOString(), dry_run: true });
    expect(counted.status).toBe(200);
    expect(((await counted.json()) as { applications: number }).applications).toBe(before);
    expect(await applicationCount()).toBe(before);

    // And the purge's own code, whoever calls it.
    await expect(purgeExpired(api.db, future)).rejects.toBeInstanceOf(FuturePurgeRefused);
    expect(await applicationCount()).toBe(before);
  });
});

describe('what the board no longer keeps', () => {
  it('has no table of per-client submission attempts (the limits count in Redis or memory, and expire there)', async () => {
    const found = await selectRows(
      api.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_name = 'submission_attempts'`,
    );
    expect(found).toEqual([]);
  });
});
