import { type Limits, redisLimits } from '@board/shared/lib/limits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, redisForTests, startRedisServer } from '../../../shared/src/test/redis-server';
import { pruneRedemptions } from '../captcha/redemptions';
import { captchaRedemptions } from '../db/application-tables';
import { applicationForm, publishedJobId, storedCounts, submitApplication } from '../test/application-form';
import { createTestApi, type TestApi } from '../test/test-api';

let api: TestApi;
let jobId: number;
const limit = { max: 10, windowSeconds: 600 };
beforeAll(async () => {
  api = await createTestApi({ rateLimit: limit });
  jobId = await publishedJobId(api);
});
afterAll(async () => {
  await api?.close();
});

// Runs on PGlite, and on PostgreSQL in the suite's PostgreSQL run (where requests really run in parallel).
describe('the submission limit', () => {
  it('admits exactly the limit of 30 concurrent valid submissions from one client; the rest get 429 with Retry-After', async () => {
    const client = { 'x-test-client': '203.0.113.7' };
    const before = await storedCounts(api);
    const forms = await Promise.all(Array.from({ length: 30 }, () => applicationForm(api, jobId)));
    const responses = await Promise.all(forms.map((form) => submitApplication(api, form, client)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    for (const response of responses.filter((r) => r.status === 429)) {
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(limit.windowSeconds);
      expect(await response.json()).toEqual({
        message: 'Too many applications from this address. Please try again later.',
      });
    }
    const after = await storedCounts(api);
    expect(after.applications - before.applications).toBe(10);
    expect(after.resumes - before.resumes).toBe(10);
  });

  it('counts only submissions that passed validation: mistakes do not use up the limit', async () => {
    const client = { 'x-test-client': '203.0.113.8' };
    for (let i = 0; i < 15; i++) {
      const invalid = await submitApplication(
        api,
        await applicationForm(api, jobId, { candidate_email: 'nope' }),
        client,
      );
      expect(invalid.status).toBe(422);
    }
    const valid = await Promise.all(
      Array.from(
        { length: 10 },
        async () => (await submitApplication(api, await applicationForm(api, jobId), client)).status,
      ),
    );
    expect(valid).toEqual(Array(10).fill(201));
    expect((await submitApplication(api, await applicationForm(api, jobId), client)).status).toBe(429);
  });
});

describe.runIf(redisForTests('the submission limit on two instances'))(
  'the submission limit on two instances that count in one Redis',
  () => {
    let redis: RedisServer;
    const stores: Limits[] = [];
    const apis: TestApi[] = [];
    beforeAll(async () => {
      redis = await startRedisServer();
      for (let index = 0; index < 2; index++) {
        const limits = await redisLimits({ url: redis.url, prefix: 'board:test', log: () => {} });
        stores.push(limits);
        apis.push(await createTestApi({ rateLimit: { max: 4, windowSeconds: 600 }, limits }));
      }
    });
    afterAll(async () => {
      await Promise.all(apis.map((instance) => instance.close()));
      await Promise.all(stores.map((store) => store.close()));
      await redis?.stop();
    });

    it('admits one instance’s figure between them, wherever each submission lands', async () => {
      const client = { 'x-test-client': '203.0.113.9' };
      const statuses = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          const instance = apis[index % 2] as TestApi;
          const form = await applicationForm(instance, await publishedJobId(instance));
          return (await submitApplication(instance, form, client)).status;
        }),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(4);
      expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    });
  },
);

describe('pruning', () => {
  it('forgets redemptions of long-expired tokens, and keeps the rest', async () => {
    const ago = (seconds: number) => sql`now() - ${seconds}::float8 * interval '1 second'`;
    await api.db.insert(captchaRedemptions).values([
      { tokenId: 'local:old', redeemedAt: ago(3600) },
      { tokenId: 'local:recent', redeemedAt: ago(30) },
    ]);
    expect(await pruneRedemptions(api.db)).toBe(1);
    const redemptions = (await api.db.select().from(captchaRedemptions)).map((row) => row.tokenId);
    expect(redemptions).toContain('local:recent');
    expect(redemptions).not.toContain('local:old');
  });
});
