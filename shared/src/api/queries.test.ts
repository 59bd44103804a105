import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiError } from './api-client';
import { callQuery } from './queries';

/** A client whose every read fails with `status`, as the API answers for what it does not know. */
function failing(status: number): ApiClient {
  const fail = () => Promise.reject(new ApiError(status, 'Organization not found'));
  return { baseUrl: 'http://api.test', get: fail, postJson: fail, postForm: fail };
}

describe('the page calls the shell’s server runs', () => {
  it('read a company the API does not know as one with no jobs (its page shows Company Not Found)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(callQuery(failing(404), ['organizationJobs', '999']))).resolves.toEqual([]);
  });

  it('keep any other failure an error (the page shows its error panel, not a missing company)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(callQuery(failing(500), ['organizationJobs', '999']))).rejects.toThrow(
      ApiError,
    );
    await expect(queryClient.fetchQuery(callQuery(failing(404), ['job', '999']))).resolves.toBeNull();
  });
});
