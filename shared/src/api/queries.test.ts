import { hydrate, QueryClient } from '@board/shared/lib/query';
import { dehydrate } from '@board/shared/test/outside-pages';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError } from './api-client';
import { boardSearchFromUrl } from './board-search';
import { prefetchCall } from './page-calls';
import { boardKeys, jobPagesQuery, jobQuery, organizationJobsQuery, savedJobsQuery } from './queries';
import { type BoardCall, callRequest } from './requests';

/** A client whose every read fails with `status`, as the API answers for what it does not know. */
function failing(status: number): ApiClient {
  const fail = () => Promise.reject(new ApiError(status, 'Organization not found'));
  return { baseUrl: 'http://api.test', get: fail, postJson: fail, postForm: fail };
}

describe('the page calls the shell’s server runs', () => {
  it('read a company the API does not know as one with no jobs (its page shows Company Not Found)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(organizationJobsQuery(failing(404), '999'))).resolves.toEqual({
      jobs: [],
      organization: null,
    });
  });

  it('keep any other failure an error (the page shows its error panel, not a missing company)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(organizationJobsQuery(failing(500), '999'))).rejects.toThrow(ApiError);
    await expect(queryClient.fetchQuery(jobQuery(failing(404), '999'))).resolves.toBeNull();
  });
});

describe('a read that fails', () => {
  it('is reported in one line: to the client’s report when it has one, else one console line without a stack', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const search = boardSearchFromUrl(new URLSearchParams('q=engineer'));
    const reported: [string, unknown][] = [];
    const reporting: ApiClient = { ...failing(400), report: (what, error) => reported.push([what, error]) };
    await expect(queryClient.fetchInfiniteQuery(jobPagesQuery(reporting, null, search))).rejects.toThrow(ApiError);
    expect(reported).toEqual([['the job list could not be loaded', expect.any(ApiError)]]);

    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await expect(
        new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchInfiniteQuery(
          jobPagesQuery(failing(400), null, search),
        ),
      ).rejects.toThrow(ApiError);
      await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(jobQuery(failing(503), '7'));
      expect(warned.mock.calls).toEqual([
        ['[board] the job list could not be loaded: 400 Organization not found'],
        ['[board] job 7 could not be loaded: 503 Organization not found'],
      ]);
    } finally {
      warned.mockRestore();
    }
  });
});

/** A client that answers every read with `body` and records what it was asked. */
function answering(body: unknown) {
  const asked: { path: string; query?: Record<string, string | undefined> }[] = [];
  const client: ApiClient = {
    baseUrl: 'http://api.test',
    get: async (path, query) => {
      asked.push({ path, query });
      return body;
    },
    postJson: () => Promise.reject(new Error('no')),
    postForm: () => Promise.reject(new Error('no')),
  };
  return { client, asked };
}

describe('the paged calls', () => {
  it("load a search's first page, as the server runs it, into the data of the page's infinite query", async () => {
    const { client, asked } = answering({
      jobs: [{ id: 1, title: 'Engineer' }],
      total: 1234,
      next_cursor: 'abc',
      facets: { investors: [{ name: 'Accel', count: 3 }], salary_k: { min: 40, max: 200 } },
    });
    const search = boardSearchFromUrl(new URLSearchParams('q=engineer&view=grid'));
    const call: BoardCall = ['jobPage', 'demo', search];
    const server = new QueryClient();
    await prefetchCall(server, client, call);
    expect(asked).toEqual([
      {
        path: '/public-job-posting',
        query: { workspace_slug: 'demo', visibility: 'job_board_only', title: 'engineer', limit: '24' },
      },
    ]);
    const browser = new QueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    const data = browser.getQueryData(
      boardKeys.jobPages('demo', boardSearchFromUrl(new URLSearchParams('q=engineer'))),
    );
    expect(data).toMatchObject({
      pageParams: [null],
      pages: [
        {
          items: [{ id: '1', title: 'Engineer' }],
          total: 1234,
          nextCursor: 'abc',
          facets: { investors: [{ value: 'Accel', count: 3 }], salaryK: { min: 40, max: 200 }, levels: [] },
        },
      ],
    });
  });

  it('read a company the API does not know as an empty page, and ask call 5 a page at a time', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchCall(queryClient, failing(404), ['organizationJobPage', '999']);
    expect(queryClient.getQueryData(boardKeys.organizationJobPages('999'))).toEqual({
      pages: [{ items: [], total: 0, nextCursor: null, organization: null }],
      pageParams: [null],
    });
    expect(callRequest(['organizationJobPage', '7', 'next'])).toEqual({
      path: '/public-job-posting/organization/7',
      query: { visibility: 'job_board_only', limit: '24', cursor: 'next' },
    });
  });

  it('ask call 3 for a name, a page at a time', () => {
    expect(callRequest(['organizationPage', null, ' acme '])).toEqual({
      path: '/public-job-posting/job-board/list-organizations',
      query: { workspace_slug: undefined, name: 'acme', limit: '24', cursor: undefined },
    });
  });
});

describe("a board against the SPEC's call 1 (every job, no total)", () => {
  const jobs = Array.from({ length: 60 }, (_, index) => ({
    id: index + 1,
    title: index % 2 === 0 ? `Engineer ${index + 1}` : `Designer ${index + 1}`,
    posted_date: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString(),
    salary_min: index % 2 === 0 ? 90_000 : 120_000,
  }));

  it('filters, counts and pages the whole list, and runs the next searches with no request', async () => {
    const { client, asked } = answering({ jobs });
    const queryClient = new QueryClient();
    const engineer = boardSearchFromUrl(new URLSearchParams('q=engineer'));
    const data = await queryClient.fetchInfiniteQuery({ ...jobPagesQuery(client, null, engineer), pages: 2 });
    expect(data.pages.map((page) => page.total)).toEqual([30, 30]);
    expect(data.pages.map((page) => page.items.length)).toEqual([24, 6]);
    expect(data.pages.flatMap((page) => page.items).every((job) => job.title.startsWith('Engineer'))).toBe(true);
    expect(data.pages[1]?.nextCursor).toBeNull();
    expect(data.pages[0]?.facets.salaryK).toEqual({ min: 90, max: 120 });

    const rich = boardSearchFromUrl(new URLSearchParams('min=100'));
    const richer = await queryClient.fetchInfiniteQuery(jobPagesQuery(client, null, rich));
    expect(richer.pages[0]?.total).toBe(30);
    expect(richer.pages[0]?.items.every((job) => job.title.startsWith('Designer'))).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('keeps only the saved jobs of an answer that holds every job (ids as the answer spells them)', async () => {
    const { client, asked } = answering({ jobs });
    const saved = await new QueryClient().fetchQuery(savedJobsQuery(client, ['3', '007', '7', 'x', '../1']));
    expect(saved.map((job) => job.id)).toEqual(['3', '7']);
    // Our API's integers by `ids`; the others in one call without it; `../1` in none.
    expect(asked.map((call) => call.query?.ids)).toEqual(['3,7', undefined]);
  });

  it("finds saved jobs by a platform's own ids (UUIDs, j-…), in one call", async () => {
    const uuid = '3f2b8c1e-9a4d-4e7b-8f6a-2c1d0e9b7a54';
    const { client, asked } = answering({
      jobs: [
        { id: 'j-101', title: 'Engineer' },
        { id: uuid, title: 'Designer' },
        { id: 'j-102', title: 'Writer' },
      ],
    });
    const saved = await new QueryClient().fetchQuery(savedJobsQuery(client, [uuid, 'j-101', 'j-999']));
    expect(saved.map((job) => job.title)).toEqual(['Engineer', 'Designer']);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query?.ids).toBeUndefined();
  });
});
