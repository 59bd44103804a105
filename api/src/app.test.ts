import { applicationFieldNames } from '@board/shared/forms/application-schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, candidate, publishedJobId, storedCounts, submitApplication } from './test/application-form';
import { failResumeWrites, restoreResumeWrites } from './test/resume-write-failure';
import { createTestApi, pdfBytes, type TestApi } from './test/test-api';

let api: TestApi;
let jobId: number;
const requestCap = 200;
const shellKey = 'the-shell-key-of-this-test';
beforeAll(async () => {
  api = await createTestApi({
    requestRateLimit: { max: requestCap, windowSeconds: 60 },
    publicOrigin: 'https://api.foundry.example',
    shellKey,
  });
  jobId = await publishedJobId(api);
});
afterAll(async () => {
  await api?.close();
});

const from = (client: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'x-test-client': client },
});

describe('every public endpoint has a rate limit', () => {
  it('answers 429 with Retry-After once a client passes the request cap, on reads, captcha and applications alike', async () => {
    const client = '198.51.100.20';
    for (let i = 0; i < requestCap; i++) {
      expect((await api.app.request('/public-job-posting/workspace/demo', from(client))).status).toBe(200);
    }
    const refused = [
      await api.app.request('/public-job-posting?visibility=job_board_only', from(client)),
      await api.app.request('/public/captcha/challenge', from(client)),
      await api.app.request('/public/captcha/verify', from(client, { method: 'POST', body: '{}' })),
      await api.app.request('/public/logos/northwind-robotics.svg', from(client)),
      await submitApplication(api, await applicationForm(api, jobId), { 'x-test-client': client }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toEqual({
        message: 'Too many requests from this address. Please try again later.',
      });
    }
    // Others are not affected, and the load balancer's health and readiness checks are never refused.
    expect((await api.app.request('/public-job-posting/workspace/demo', from('198.51.100.21'))).status).toBe(200);
    expect((await api.app.request('/health', from(client))).status).toBe(200);
    const ready = await api.app.request('/ready', from(client));
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', database: api.databaseUrl ? 'postgres' : 'pglite' });
  });
});

describe("the shell's server is not one client", () => {
  it('never limits reads that carry the shell key, and still limits a client that sends a wrong one', async () => {
    const shell = '198.51.100.40';
    for (let i = 0; i < requestCap + 50; i++) {
      const response = await api.app.request(
        '/public-job-posting/999999',
        from(shell, { headers: { 'X-Shell-Key': shellKey } }),
      );
      expect(response.status).toBe(404);
    }
    const forger = '198.51.100.41';
    const statuses: number[] = [];
    for (let i = 0; i < requestCap + 1; i++)
      statuses.push(
        (
          await api.app.request(
            '/public-job-posting/999999',
            from(forger, { headers: { 'X-Shell-Key': 'a-guessed-key-123' } }),
          )
        ).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });

  it("keeps the shell's request id, and never a visitor's", async () => {
    const fromShell = await api.app.request('/health', {
      headers: { 'X-Shell-Key': shellKey, 'X-Request-Id': 'shell-1234' },
    });
    expect(fromShell.headers.get('x-request-id')).toBe('shell-1234');
    const forged = await api.app.request('/health', { headers: { 'X-Request-Id': 'forged-1234' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('every public endpoint has a body limit', () => {
  it('refuses a large captcha answer with 413, declared or streamed, without reading it', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const declared = await api.app.request(
      '/public/captcha/verify',
      from('198.51.100.30', { method: 'POST', body: big, headers: { 'Content-Type': 'application/json' } }),
    );
    expect(declared.status).toBe(413);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 4000) controller.close();
        else controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const streamed = await api.app.request(
      '/public/captcha/verify',
      from('198.51.100.30', { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(100);
  });
});

describe('the local captcha', () => {
  const challenge = async () =>
    (await (await api.app.request('/public/captcha/challenge')).json()) as { challenge_id: string; question: string };
  const verify = (challengeId: string, answer: string) =>
    api.app.request('/public/captcha/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge_id: challengeId, answer }),
    });
  const sum = (question: string) =>
    String((/(\d+) \+ (\d+)/.exec(question) ?? []).slice(1).reduce((total, term) => total + Number(term), 0));

  it('takes one answer per challenge (kept in the database, for every instance)', async () => {
    const asked = await challenge();
    const right = sum(asked.question);
    expect((await verify(asked.challenge_id, right === '2' ? '3' : '2')).status).toBe(422);
    expect((await verify(asked.challenge_id, right)).status).toBe(422);
    const again = await challenge();
    expect((await verify(again.challenge_id, sum(again.question))).status).toBe(200);
    expect((await verify(again.challenge_id, sum(again.question))).status).toBe(422);
  });

  it('refuses `4abc` for 4', async () => {
    const asked = await challenge();
    expect((await verify(asked.challenge_id, `${sum(asked.question)}abc`)).status).toBe(422);
  });
});

describe('absolute URLs come from the configured public origin', () => {
  it('builds logo URLs from API_PUBLIC_URL whatever Host the request names', async () => {
    for (const path of ['/public-job-posting?visibility=job_board_only', '/public-job-posting/organization/1']) {
      const response = await api.app.request(`http://evil.example${path}`, { headers: { Host: 'evil.example' } });
      const { jobs } = (await response.json()) as { jobs: { logo: string | null }[] };
      const logos = jobs.map((job) => job.logo).filter((logo): logo is string => logo !== null);
      expect(logos.length).toBeGreaterThan(0);
      for (const logo of logos) expect(logo).toMatch(/^https:\/\/api\.foundry\.example\/public\/logos\//);
    }
  });
});

describe('an encoded dot segment, which Node resolves before the app sees the URL', () => {
  /** As the Node adaptor hands it over: the URL resolved, the target as sent in `env.incoming.url`. */
  const sent = (target: string) =>
    api.app.request(new URL(target, 'http://localhost').href, {}, { incoming: { url: target } });

  it.each([
    '/public-job-posting/%2e%2e',
    '/public-job-posting/%2E',
    '/public-job-posting/.%2e?visibility=job_board_only',
    '/public-job-posting/organization/%2e',
    '/public-job-posting/workspace/%2e%2e',
    '/public-job-posting/%2e%2e/public-job-posting',
  ])('%s is a 404, not the list or another call', async (target) => {
    const response = await sent(target);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  it('leaves every other target to its route', async () => {
    expect((await sent('/public-job-posting?visibility=job_board_only')).status).toBe(200);
    expect((await sent(`/public-job-posting/${jobId}`)).status).toBe(200);
  });
});

describe('characters no one can type', () => {
  it('answer 404 in a workspace slug, never 500', async () => {
    for (const path of [
      '/public-job-posting/workspace/de%00mo',
      '/public-job-posting?workspace_slug=de%00mo',
      '/public-job-posting/job-board/list-organizations?workspace_slug=%01',
      `/public-job-posting/workspace/${'a'.repeat(5000)}`,
    ]) {
      const response = await api.app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: 'Workspace not found' });
    }
  });

  it('answer 422 with "Invalid input" for the field in any text field, the file name or application_source; nothing stored', async () => {
    const before = await storedCounts(api);
    const fields = [...Object.values(applicationFieldNames), 'application_source', 'talent_partner_user_id'];
    for (const field of fields) {
      const response = await submitApplication(
        api,
        await applicationForm(api, jobId, { [field]: 'Ada\u0000Lovelace' }),
      );
      expect(response.status, field).toBe(422);
      expect(((await response.json()) as { detail: Record<string, string> }).detail[field], field).toBe(
        'Invalid input',
      );
    }
    expect(await storedCounts(api)).toEqual(before);
  });

  it('still takes tabs and line breaks, which a person can type in the motivation', async () => {
    const response = await submitApplication(
      api,
      await applicationForm(api, jobId, { candidate_motivation: 'First line\nsecond\tline\r\nthird' }),
    );
    expect(response.status).toBe(201);
  });
});

const fileName = 'ada-lovelace-private-cv.pdf';

describe('when storing the resume fails', () => {
  afterEach(async () => {
    await restoreResumeWrites(api.db);
  });

  it.each([
    ['the disk is full', '53100', 503, /could not be stored right now, and nothing of it was kept/],
    ['another database error', 'P0001', 500, /^Internal server error$/],
  ])(
    '%s: a 5xx, nothing half-stored, the token still good, and no personal data in the log',
    async (_case, sqlState, status, message) => {
      await failResumeWrites(api.db, sqlState);
      const before = await storedCounts(api);
      const token = await api.captchaToken();
      const form = () => applicationForm(api, jobId, { recaptcha_token: token }, { bytes: pdfBytes(), name: fileName });
      api.logs.length = 0;

      const failed = await submitApplication(api, await form());
      expect(failed.status).toBe(status);
      const body = (await failed.json()) as { message: string; detail: string };
      expect(body.message).toMatch(message);
      if (status === 503) expect(failed.headers.get('retry-after')).toBe('5');
      expect(await storedCounts(api)).toEqual(before);

      const logged = JSON.stringify(api.logs);
      for (const value of [...Object.values(candidate), fileName]) expect(logged).not.toContain(value);
      const requestId = failed.headers.get('x-request-id');
      expect(body.detail).toBe(`request ${requestId}`);
      expect(api.logs).toContainEqual(
        expect.objectContaining({
          level: 'error',
          request_id: requestId,
          code: sqlState,
          error_class: expect.any(String),
        }),
      );

      // Storage is back: the same captcha token was not used up, and one submit stores one application.
      await restoreResumeWrites(api.db);
      expect((await submitApplication(api, await form())).status).toBe(201);
      const after = await storedCounts(api);
      expect(after).toEqual({ applications: before.applications + 1, resumes: before.resumes + 1 });
    },
  );
});
