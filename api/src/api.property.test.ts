import { applicationFieldNames } from '@board/shared/forms/application-schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, publishedJobId, storedCounts, submitApplication } from './test/application-form';
import { createTestApi, pdfBytes, type TestApi } from './test/test-api';

/**
 * Property tests: generated strings, bytes and shapes at every endpoint and field. Whatever
 * arrives, the answer is never a 5xx, and a refused application leaves nothing stored.
 * (fast-check prints the seed and the smallest failing input when a property fails.)
 */
let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await createTestApi();
  jobId = await publishedJobId(api);
});
afterAll(async () => {
  await api?.close();
});

const nasty = fc.constantFrom(
  ...['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\ud800', '\udfff', '\ufffe', '\ufeff', '\u202e'],
  ...['a', 'é', '😀', '%', '/', '\\', '?', '#', '&', '=', '.', ' ', '\t', '\n', '\r', '"', "'", '<', ';', '--'],
);
/** Any text: arbitrary code points (lone surrogates included), troublesome characters, edge values. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: nasty, maxLength: 30 }),
  fc.constantFrom('', 'demo', '0', '-1', '1e3', '99999999999999999999', 'NaN', 'null', '__proto__', 'a'.repeat(5000)),
);
const anyBytes = fc.uint8Array({ maxLength: 64 });
const percent = (bytes: Uint8Array) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
/** A URL component: text as UTF-8, or raw bytes (often not UTF-8 at all), percent-encoded. */
const component = fc.oneof(
  anyText.map((text) => percent(new TextEncoder().encode(text))),
  anyBytes.map(percent),
);

const readPaths: ((a: string, b: string) => string)[] = [
  (a, b) => `/public-job-posting?workspace_slug=${a}&visibility=${b}`,
  (a) => `/public-job-posting/workspace/${a}`,
  (a) => `/public-job-posting/job-board/list-organizations?workspace_slug=${a}`,
  (a, b) => `/public-job-posting/${a}?visibility=${b}`,
  (a, b) => `/public-job-posting/organization/${a}?visibility=${b}`,
  // The search and the pages (limit = a, or a valid one with b elsewhere).
  (a, b) => `/public-job-posting?limit=${a}&title=${b}`,
  (a, b) => `/public-job-posting?limit=5&title=${a}&location=${b}&investor=${a}&job_type=${b}&level=${a}`,
  (a, b) => `/public-job-posting?limit=5&salary_min_k=${a}&salary_max_k=${b}&workplace=${a}&posted_within=${b}`,
  (a, b) => `/public-job-posting?limit=5&sort=${a}&cursor=${b}&ids=${a}`,
  (a, b) => `/public-job-posting?limit=5&workspace_slug=${a}&cursor=${b}`,
  (a, b) => `/public-job-posting/job-board/list-organizations?limit=${a}&name=${b}&cursor=${a}`,
  (a, b) => `/public-job-posting/organization/1?limit=${a}&cursor=${b}`,
  (a, b) => `/public-job-posting/crawl/jobs?limit=${a}&cursor=${b}`,
  (a, b) => `/public-job-posting/crawl/organizations?workspace_slug=${a}&cursor=${b}&limit=5`,
  (a) => `/public/logos/${a}.svg`,
  (a, b) => `/${a}/${b}`,
];

describe('no input gets a 5xx', () => {
  it('reads: any path segment and query value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(readPaths.length - 1), component, component, async (index, a, b) => {
        const path = readPaths[index]?.(a, b) ?? '/';
        const response = await api.app.request(path);
        expect(response.status, path).toBeLessThan(500);
        await response.arrayBuffer();
      }),
      { numRuns: 300 },
    );
  });

  it('the captcha answer: any body, any shape', async () => {
    const body = fc.oneof(
      anyText,
      fc.json(),
      fc
        .record({ challenge_id: fc.oneof(anyText, fc.json()), answer: fc.oneof(anyText, fc.integer()) })
        .map((value) => JSON.stringify(value)),
    );
    const type = fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', '');
    await fc.assert(
      fc.asyncProperty(body, type, async (text, contentType) => {
        const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {};
        const response = await api.app.request('/public/captcha/verify', { method: 'POST', body: text, headers });
        expect(response.status).toBeLessThan(500);
        await response.arrayBuffer();
      }),
      { numRuns: 100 },
    );
  });

  const fields = [
    ...Object.values(applicationFieldNames),
    ...['job_posting_id', 'application_source', 'talent_partner_user_id', 'recaptcha_token', 'candidate_resume'],
  ];
  const change = fc.record({
    field: fc.constantFrom(...fields),
    shape: fc.constantFrom('text', 'file', 'missing', 'twice', 'resume name', 'resume bytes'),
    value: anyText,
    bytes: anyBytes,
  });

  it('the application: any field changed to any text, a file, nothing or twice; stored only on 201', async () => {
    await fc.assert(
      fc.asyncProperty(change, async ({ field, shape, value, bytes }) => {
        const resume = {
          bytes: shape === 'resume bytes' ? bytes : pdfBytes(),
          name: shape === 'resume name' ? value : 'cv.pdf',
        };
        const form = await applicationForm(api, jobId, {}, resume);
        if (shape === 'text') form.set(field, value);
        if (shape === 'file') form.set(field, new Blob([bytes as BlobPart]), value);
        if (shape === 'missing') form.delete(field);
        if (shape === 'twice') form.append(field, value);
        const before = await storedCounts(api);
        const response = await submitApplication(api, form);
        expect(response.status, `${shape} ${field}`).toBeLessThan(500);
        const after = await storedCounts(api);
        expect(after.applications - before.applications).toBe(response.status === 201 ? 1 : 0);
        expect(after.resumes - before.resumes).toBe(response.status === 201 ? 1 : 0);
      }),
      { numRuns: 120 },
    );
  });

  it('the application: any bytes as a multipart body', async () => {
    const before = await storedCounts(api);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.boolean(), async (bytes, framed) => {
        const body = framed
          ? `--x\r\nContent-Disposition: form-data; name="${new TextDecoder().decode(bytes)}"\r\n\r\n${percent(bytes)}\r\n--x--\r\n`
          : new Blob([bytes as BlobPart]);
        const response = await api.app.request('/public/job-application/', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
        });
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    expect(await storedCounts(api)).toEqual(before);
  });
});
