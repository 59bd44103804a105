import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, candidate, publishedJobId, storedCounts, submitApplication } from '../test/application-form';
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

/** The database refuses to write resumes, as a full disk (SQLSTATE 53100) or another failure makes it do. */
async function failResumeWrites(sqlState: string) {
  await api.db.execute(
    sql.raw(`create or replace function fail_resume_write() returns trigger language plpgsql as $$
      begin raise exception 'could not write the resume' using errcode = '${sqlState}'; end $$`),
  );
  await api.db.execute(
    sql.raw(`create trigger resume_write_fails before insert on application_resumes
      for each row execute function fail_resume_write()`),
  );
}
afterEach(async () => {
  await api.db.execute(sql.raw('drop trigger if exists resume_write_fails on application_resumes'));
});

describe('when storing the resume fails', () => {
  it.each([
    ['the disk is full', '53100', 503, /could not be stored right now, and nothing of it was kept/],
    ['another database error', 'P0001', 500, /^Internal server error$/],
  ])(
    '%s: a 5xx, nothing half-stored, the token still good, and no personal data in the log',
    async (_case, sqlState, status, message) => {
      await failResumeWrites(sqlState);
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
      await api.db.execute(sql.raw('drop trigger resume_write_fails on application_resumes'));
      expect((await submitApplication(api, await form())).status).toBe(201);
      const after = await storedCounts(api);
      expect(after).toEqual({ applications: before.applications + 1, resumes: before.resumes + 1 });
    },
  );
});
