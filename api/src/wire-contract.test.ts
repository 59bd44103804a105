import { ApplicationReceivedWire, ErrorWire } from '@board/shared/api/application-bodies';
import { CrawlJobsWire, CrawlOrganizationsWire } from '@board/shared/api/crawl-bodies';
import { JobDetailWire } from '@board/shared/api/job-wire';
import {
  JobListWire,
  JobPageWire,
  OrganizationJobsPageWire,
  OrganizationJobsWire,
  OrganizationListWire,
  OrganizationPageWire,
  WorkspaceWire,
} from '@board/shared/api/page-bodies';
import { wireBreaks } from '@board/shared/api/wire-reading';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostings } from './db/job-board-tables';
import { demoWorkspaces } from './seed/demo-data';
import { applicationForm, publishedJobId, submitApplication } from './test/application-form';
import { type FakeVendors, startFakeVendors } from './test/fake-vendors';
import { createTestApi, type TestApi } from './test/test-api';
import { ashbyDocsJobWithId, greenhouseDocsJob, greenhouseDocsList, leverDocsPosting } from './test/vendor-samples';

/**
 * Every public answer of the seeded board, and of the vendors' own samples once imported, read
 * strictly against the wire contract (strict objects, every key required): a key renamed, dropped
 * or added on either side, or a value the board would read as absent, fails here.
 */

let api: TestApi;
let fake: FakeVendors;
beforeAll(async () => {
  fake = await startFakeVendors();
  api = await createTestApi({ vendorUrls: fake.urls });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

async function get(path: string) {
  const response = await api.app.request(path);
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Every page of a paged call (limit 100), each checked against `schema`; the items of all pages. */
async function pages<T>(path: string, schema: v.GenericSchema, items: (body: never) => T[]): Promise<T[]> {
  const found: T[] = [];
  let cursor: string | null = null;
  do {
    const joiner = path.includes('?') ? '&' : '?';
    const { status, body } = await get(`${path}${joiner}limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status, path).toBe(200);
    expect(wireBreaks(schema, body), path).toEqual([]);
    found.push(...items(body as never));
    cursor = (body as { next_cursor: string | null }).next_cursor;
  } while (cursor);
  return found;
}

const scopes = ['', ...demoWorkspaces.map((workspace) => `workspace_slug=${workspace.slug}`)];

describe('the seeded board keeps the wire contract', () => {
  it('call 1: the whole list and every page of a search, in every scope and visibility', async () => {
    for (const scope of scopes) {
      for (const visibility of ['job_board_only', 'linkedin_or_job_board']) {
        const path = `/public-job-posting?${scope}&visibility=${visibility}`;
        const whole = await get(path);
        expect(wireBreaks(JobListWire, whole.body), path).toEqual([]);
        const paged = await pages(path, JobPageWire, (body: { jobs: unknown[] }) => body.jobs);
        expect(paged.length).toBe((whole.body as { jobs: unknown[] }).jobs.length);
      }
    }
    const searched = `/public-job-posting?title=engineer&workplace=Remote,Hybrid&sort=salary`;
    expect((await pages(searched, JobPageWire, (body: { jobs: unknown[] }) => body.jobs)).length).toBeGreaterThan(0);
  });

  it('call 2, call 3 (whole and paged) and call 5 (whole and paged) of every company', async () => {
    for (const workspace of demoWorkspaces)
      expect(wireBreaks(WorkspaceWire, (await get(`/public-job-posting/workspace/${workspace.slug}`)).body)).toEqual(
        [],
      );
    const organizations = '/public-job-posting/job-board/list-organizations';
    for (const scope of scopes) {
      expect(wireBreaks(OrganizationListWire, (await get(`${organizations}?${scope}`)).body), scope).toEqual([]);
      await pages(`${organizations}?${scope}`, OrganizationPageWire, () => []);
    }
    const { body } = await get(organizations);
    const ids = (body as { organizations: { organization_id: number }[] }).organizations.map(
      (organization) => organization.organization_id,
    );
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) {
      const path = `/public-job-posting/organization/${id}`;
      expect(wireBreaks(OrganizationJobsWire, (await get(path)).body), path).toEqual([]);
      await pages(path, OrganizationJobsPageWire, () => []);
    }
  });

  it('call 4 of every job the board shows, and of a closed one with include_closed', async () => {
    const { body } = await get('/public-job-posting?visibility=linkedin_or_job_board');
    const ids = (body as { jobs: { id: number }[] }).jobs.map((job) => job.id);
    const [closed] = await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'closed')).limit(1);
    if (!closed) throw new Error('the demo data has no closed job');
    for (const id of ids)
      expect(wireBreaks(JobDetailWire, (await get(`/public-job-posting/${id}`)).body), `job ${id}`).toEqual([]);
    const answer = await get(`/public-job-posting/${closed.id}?include_closed=true`);
    expect(answer.status).toBe(200);
    expect(wireBreaks(JobDetailWire, answer.body)).toEqual([]);
    expect((answer.body as { closed_at: string | null }).closed_at).not.toBeNull();
  });

  it('the crawler listings, every page', async () => {
    await pages('/public-job-posting/crawl/jobs', CrawlJobsWire, () => []);
    for (const scope of scopes)
      await pages(`/public-job-posting/crawl/organizations?${scope}`, CrawlOrganizationsWire, () => []);
  });

  it("call 6's 201, and the error answers of the public calls", async () => {
    const jobId = await publishedJobId(api);
    const stored = await submitApplication(api, await applicationForm(api, jobId));
    expect(stored.status).toBe(201);
    expect(wireBreaks(ApplicationReceivedWire, await stored.json())).toEqual([]);
    const invalid = await submitApplication(api, await applicationForm(api, jobId, { candidate_email: 'nope' }));
    expect(invalid.status).toBe(422);
    expect(wireBreaks(ErrorWire, await invalid.json())).toEqual([]);
    for (const [path, status] of [
      ['/public-job-posting/999999', 404],
      ['/public-job-posting?visibility=everyone', 400],
      ['/public-job-posting?limit=10&cursor=bogus', 400],
      ['/public-job-posting/workspace/nowhere', 404],
      ['/no-such-call', 404],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(status);
      expect(wireBreaks(ErrorWire, answer.body), path).toEqual([]);
    }
  });
});

describe("the vendors' own samples, imported, keep the wire contract", () => {
  it('on call 1, call 4 and call 5', async () => {
    fake.setJobs('greenhouse', 'vaulttec', greenhouseDocsList.jobs, { '127817': greenhouseDocsJob });
    fake.setJobs('lever', 'leverdemo', [leverDocsPosting]);
    fake.setJobs('ashby', 'example', [ashbyDocsJobWithId]);
    const sources = await Promise.all(
      (['greenhouse', 'lever', 'ashby'] as const).map(async (kind) => {
        const board = { greenhouse: 'vaulttec', lever: 'leverdemo', ashby: 'example' }[kind];
        return (await api.sources.add(kind, board, { company: `${kind} Co`, workspace: 'demo' })).source;
      }),
    );
    await api.sources.sync(sources.map((source) => source.id));
    const imported = await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'published'));
    const ours = imported.filter((job) => sources.some((source) => source.id === job.sourceId));
    expect(ours).toHaveLength(3);
    for (const job of ours) {
      const detail = await get(`/public-job-posting/${job.id}`);
      expect(wireBreaks(JobDetailWire, detail.body), `imported job ${job.id}`).toEqual([]);
      expect((detail.body as { description_blocks: unknown }).description_blocks).not.toBeNull();
      const path = `/public-job-posting/organization/${job.organizationId}`;
      expect(wireBreaks(OrganizationJobsWire, (await get(path)).body), path).toEqual([]);
    }
    await pages('/public-job-posting?workspace_slug=demo', JobPageWire, () => []);
    expect(wireBreaks(JobListWire, (await get('/public-job-posting?workspace_slug=demo')).body)).toEqual([]);
  });
});
