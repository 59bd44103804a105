import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, publishedJobId, storedCounts, submitApplication } from '../test/application-form';
import { startPrivatePostgres } from '../test/private-postgres';
import { createTestApi, type TestApi } from '../test/test-api';

/**
 * Stops a real PostgreSQL under the API. Runs in the suite's PostgreSQL run (DATABASE_URL set): it
 * starts a private cluster of its own (test/private-postgres.ts), which it may stop.
 */
const canStopPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(canStopPostgres)('the database going away (private PostgreSQL cluster, PostgreSQL run only)', () => {
  let cluster: Awaited<ReturnType<typeof startPrivatePostgres>>;
  let api: TestApi;
  let jobId: number;
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    api = await createTestApi({ databaseUrl: cluster.url });
    jobId = await publishedJobId(api);
  });
  afterAll(async () => {
    await api?.close().catch(() => {});
    await cluster?.remove();
  });

  const unavailable = {
    message: 'The application could not be stored right now, and nothing of it was kept. Please try again in a moment.',
  };

  it('mid-submit: a clear 503, no partial row, the token not used up; after the restart one submit stores one application', async () => {
    expect((await submitApplication(api, await applicationForm(api, jobId))).status).toBe(201);
    const before = await storedCounts(api);
    const token = await api.captchaToken();

    // Hold the resume table, so the submit waits inside its transaction, its application row written...
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    const holder = await admin.reserve();
    await holder`begin`;
    await holder`lock table application_resumes in access exclusive mode`;
    const pending = submitApplication(api, await applicationForm(api, jobId, { recaptcha_token: token }));
    while ((await holder`select count(*)::int as n from pg_locks where not granted`)[0]?.n === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // ...then the database goes away.
    await cluster.stop();
    const response = await pending;
    await admin.end({ timeout: 0 }).catch(() => {});
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject(unavailable);

    // While it is down, a submit gets the same clear answer.
    const down = await submitApplication(api, await applicationForm(api, jobId));
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject(unavailable);

    await cluster.start();
    expect(await storedCounts(api)).toEqual(before);
    // The same captcha token is still good: its redemption went with the rolled-back transaction.
    const retried = await submitApplication(api, await applicationForm(api, jobId, { recaptcha_token: token }));
    expect(retried.status).toBe(201);
    expect(await storedCounts(api)).toEqual({ applications: before.applications + 1, resumes: before.resumes + 1 });
  });
});
