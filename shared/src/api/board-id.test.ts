import { describe, expect, it } from 'vitest';
import { requestUrl } from './api-client';
import { isBoardId, isWorkspaceSlug, maxBoardIdLength } from './board-id';
import { boardRequests, requestOfCall } from './requests';

describe('board ids', () => {
  it.each([
    ['an integer', '42'],
    ['the largest integer of our API', '2147483647'],
    ['an integer another platform issues past ours', '99999999999'],
    ['a UUID', '3f2b8c1e-9a4d-4e7b-8f6a-2c1d0e9b7a54'],
    ['an upper-case UUID', '3F2B8C1E-9A4D-4E7B-8F6A-2C1D0E9B7A54'],
    ['a prefixed id', 'j-101'],
    ['an organization id', 'org-1'],
    ['an underscored id', 'job_8f3a'],
    ['a base64url id', 'aGVsbG8tV29ybGQ_-'],
    ['an id with a dot inside', 'acme.backend.12'],
    ['three dots (not a dot segment)', '...'],
    ['a URN-like id', 'job:8f3a@acme'],
    ['non-ASCII letters', 'empleo-año-7'],
    ['the longest id', 'x'.repeat(maxBoardIdLength)],
  ])('takes %s: %s', (_, id) => expect(isBoardId(id)).toBe(true));

  it.each([
    ['empty', ''],
    ['a dot segment', '.'],
    ['the parent segment', '..'],
    ['a slash', '12/apply'],
    ['a traversal', '../1'],
    ['a backslash', '..\\1'],
    ['an encoded slash left encoded by the router', '..%2F1'],
    ['an encoded slash in lower case', 'a%2fb'],
    ['encoded dots', '%2e%2e'],
    ['encoded dots in upper case', '%2E%2E'],
    ['half-encoded dots', '.%2e'],
    ['double-encoded dots', '%252e%252e'],
    ['double-encoded slash', '%252F'],
    ['a percent sign', '50%'],
    ['a space', 'j 101'],
    ['a leading space', ' 1'],
    ['a tab', 'j\t101'],
    ['a line break', 'j-101\n'],
    ['a no-break space', 'j\u00a0101'],
    ['a line separator', 'j\u2028101'],
    ['a NUL', 'a\u0000b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a zero-width space', 'j\u200b101'],
    ['a right-to-left override', 'j\u202e101'],
    ['a lone surrogate', 'j\ud800'],
    ['129 characters', 'x'.repeat(maxBoardIdLength + 1)],
    ['300 characters', '1'.repeat(300)],
  ])('refuses %s: %j', (_, id) => expect(isBoardId(id)).toBe(false));

  it.each(['.', '..', '%2e%2e', '%2E', '.%2e', '', 'a\u0000b', 'x'.repeat(201)])('the slug %j is not one', (slug) =>
    expect(isWorkspaceSlug(slug)).toBe(false),
  );

  it('builds the calls of any id a platform issues, encoded as one segment', () => {
    expect(requestOfCall(['job', 'j-101'])).toEqual({
      path: '/public-job-posting/j-101',
      query: { visibility: 'linkedin_or_job_board', include_closed: 'true' },
    });
    expect(requestOfCall(['organizationJobPage', 'org-1'])?.path).toBe('/public-job-posting/organization/org-1');
    expect(boardRequests.job('job:8f3a@acme').path).toBe('/public-job-posting/job%3A8f3a%40acme');
    expect(requestUrl('http://api.test', boardRequests.job('3f2b8c1e-9a4d-4e7b-8f6a-2c1d0e9b7a54'))).toBe(
      'http://api.test/public-job-posting/3f2b8c1e-9a4d-4e7b-8f6a-2c1d0e9b7a54?visibility=linkedin_or_job_board&include_closed=true',
    );
  });

  it('builds no request from an id that is not one, and no URL with a dot segment', () => {
    for (const id of ['..', '%2e%2e', '..%2F1', 'a b', 'x'.repeat(300)]) {
      expect(requestOfCall(['job', id]), id).toBeNull();
      expect(requestOfCall(['organizationJobPage', id]), id).toBeNull();
    }
    expect(requestOfCall(['workspace', '..'])).toBeNull();
    expect(() => requestUrl('http://api.test', { path: '/public-job-posting/organization/..' })).toThrow();
    expect(() => requestUrl('http://api.test', { path: '/public-job-posting/%2E%2e/x' })).toThrow();
    expect(requestUrl('http://api.test', { path: '/public-job-posting/workspace/acme.io' })).toBe(
      'http://api.test/public-job-posting/workspace/acme.io',
    );
  });
});
