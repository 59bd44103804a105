import { isTypeable } from '@board/shared/lib/typeable';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../test/use-test-api';

/**
 * Cursors are client input. Whatever a cursor holds (any JSON, any base64, NULs, huge numbers,
 * the wrong number of fields or the wrong types), every paged call answers 200 or 400, never a
 * 5xx; a cursor of the right shape and types always reads a page.
 */
const api = useTestApi();

const paged = [
  (cursor: string) => `/public-job-posting?limit=5&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting?limit=5&sort=salary&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting?limit=5&workspace_slug=demo&title=e&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting/job-board/list-organizations?limit=5&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting/job-board/list-organizations?limit=5&name=a&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting/organization/1?limit=5&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting/crawl/jobs?limit=5&cursor=${cursor}`,
  (cursor: string) => `/public-job-posting/crawl/organizations?limit=5&cursor=${cursor}`,
];

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** Values a cursor's field may hold, of every type and edge. */
const field = fc.oneof(
  fc.constantFrom<unknown>('n', 's', 'o', 'i', '', '\u0000', 'a\u0000b', '\ud800', 'x'.repeat(300)),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.integer(),
  fc.double(),
  fc.constantFrom<unknown>(1e308, -1e308, 2 ** 53, 2 ** 31, -1, -0, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom<unknown>(null, true, false, [], {}, ['n'], { n: 1 }),
);
/** The tagged arrays the API writes, with random fields and lengths. */
const taggedArray = fc
  .tuple(fc.constantFrom('n', 's', 'o', 'i'), fc.array(field, { maxLength: 5 }))
  .map(([tag, rest]) => [tag, ...rest]);
/** Cursor texts: base64url of JSON (any, or shaped like ours), raw base64, any characters. */
const cursorText = fc.oneof(
  fc.jsonValue().map((value) => base64url(JSON.stringify(value))),
  taggedArray.map((value) => base64url(JSON.stringify(value))),
  // JSON text that JSON.stringify never writes: numbers past a double, raw escapes.
  fc
    .constantFrom('["n","1",1e400]', '["i",1e400]', '["o","\\u0000",1]', '["o","\\ud800",1]', '["s",1,"1",1,]')
    .map(base64url),
  fc.base64String({ maxLength: 200 }).map((text) => encodeURIComponent(text)),
  fc.uint8Array({ maxLength: 120 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
);

describe('cursors', () => {
  it('the NUL in a company cursor is a 400, not a database error', async () => {
    const response = await api.app.request(
      '/public-job-posting/job-board/list-organizations?limit=5&cursor=WyJvIiwgIlx1MDAwMCIsIDFd',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'cursor is not one this API gave' });
  });

  it('any cursor of any shape: 200 or 400 on every paged call, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(paged.length - 1), cursorText, async (index, cursor) => {
        const path = paged[index]?.(cursor) ?? '/';
        const response = await api.app.request(path);
        expect([200, 400], `${response.status} ${path}`).toContain(response.status);
        await response.arrayBuffer();
      }),
      { numRuns: 400 },
    );
  });

  it('a cursor of the right shape and types reads a page, whatever its values', async () => {
    const bigint = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    const natural = fc.integer({ min: 0, max: 2_147_483_647 });
    // Any name a company could have (it is compared, never looked up).
    const name = fc
      .oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 6 }))
      .filter(isTypeable);
    const shaped = fc.oneof(
      fc.tuple(bigint, natural).map((fields) => ({ path: paged[0], value: ['n', ...fields] })),
      fc.tuple(natural, bigint, natural).map((fields) => ({ path: paged[1], value: ['s', ...fields] })),
      fc.tuple(name, natural).map((fields) => ({ path: paged[3], value: ['o', ...fields] })),
      natural.map((id) => ({ path: paged[6], value: ['i', id] })),
      natural.map((id) => ({ path: paged[7], value: ['i', id] })),
    );
    await fc.assert(
      fc.asyncProperty(shaped, async ({ path, value }) => {
        const url = path?.(base64url(JSON.stringify(value))) ?? '/';
        const response = await api.app.request(url);
        expect(response.status, `${url} ${JSON.stringify(value)}`).toBe(200);
        await response.arrayBuffer();
      }),
      { numRuns: 200 },
    );
  });
});
