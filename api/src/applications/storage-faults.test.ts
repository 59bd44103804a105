import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, candidate, publishedJobId, storedCounts, submitApplication } from '../test/application-form';
import { failResumeWrites, restoreResumeWrites } from '../test/resume-write-failure';
import { createTestApi, pdfBytes, type TestApi } from '../test/test-api';

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await createTestApi();
  jobId = await publishedJobId(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const fileName = 'ada-lovelace-private-cv.pdf';

afterEach(async () => {
  await restoreResumeWrites(api.db);
});

describe('when storing the resume fails', () => {
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
