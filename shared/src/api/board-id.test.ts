import { describe, expect, it } from 'vitest';
import { requestUrl } from './api-client';
import { isBoardId, isWorkspaceSlug } from './board-id';
import { boardRequests, requestOfCall } from './requests';

describe('board ids', () => {
  it.each(['1', '42', '2147483647'])('%s is an id', (id) => expect(isBoardId(id)).toBe(true));
  it.each(['', '0', '0012', '1e0', '+1', '-1', '1.0', ' 1', '..', '%2e%2e', '2147483648', '99999999999'])(
    '%s is not',
    (id) => expect(isBoardId(id)).toBe(false),
  );
  it.each(['.', '..', '', 'a\u0000b', 'x'.repeat(201)])('the slug %j is not one', (slug) =>
    expect(isWorkspaceSlug(slug)).toBe(false),
  );

  it('builds no request from an id that is not one, and no URL with a dot segment', () => {
    expect(requestOfCall(['job', '0012'])).toBeNull();
    expect(requestOfCall(['organizationJobs', '..'])).toBeNull();
    expect(requestOfCall(['workspace', '..'])).toBeNull();
    expect(requestOfCall(['job', '12'])).toEqual(boardRequests.job('12'));
    expect(() => requestUrl('http://api.test', { path: '/public-job-posting/organization/..' })).toThrow();
    expect(() => requestUrl('http://api.test', { path: '/public-job-posting/%2E%2e/x' })).toThrow();
    expect(requestUrl('http://api.test', { path: '/public-job-posting/workspace/acme.io' })).toBe(
      'http://api.test/public-job-posting/workspace/acme.io',
    );
  });
});
