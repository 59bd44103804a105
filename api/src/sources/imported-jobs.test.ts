import { emptyJobSearch } from '@board/shared/api/job-search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, outbox } from '../db/alert-tables';
import { jobPostings } from '../db/job-board-tables';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { createTestApi, type TestApi } from '../test/test-api';
import { ashbyDocsJobWithId } from '../test/vendor-samples';

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

const get = async (path: string) => {
  const response = await api.app.request(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Every page of the crawler listing. */
async function crawled() {
  const items: { id: number; last_changed: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`/public-job-posting/crawl/jobs?limit=10000${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...(page.body.items as typeof items));
    cursor = page.body.next_cursor as string | null;
  } while (cursor);
  return items;
}

const greenhouseJob = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  updated_at: '2026-11-20T10:00:00Z',
  location: { name: 'Remote - EU' },
  absolute_url: `https://boards.greenhouse.io/deadline/jobs/${id}`,
  content: '&lt;p&gt;Hello &lt;b onclick=&quot;x()&quot;&gt;world&lt;/b&gt;&lt;/p&gt;',
  ...extra,
});

describe('imported jobs on the board', () => {
  it('are listed, read whole by call 4, crawled with their last change; once closed, only the board’s own call 4 reads them', async () => {
    const first = greenhouseJob(501, 'Zeppelin Engineer </script><script>alert(1)</script>', {
      metadata: [
        { id: 1, name: 'Application Deadline', value_type: 'date', value: '2026-12-31' },
        { id: 2, name: 'Employment Type', value_type: 'single_select', value: 'Full Time' },
      ],
    });
    const jobs = [first, greenhouseJob(502, 'Second'), greenhouseJob(503, 'Third')];
    fake.setJobs(
      'greenhouse',
      'deadline',
      jobs,
      Object.fromEntries(jobs.map((job) => [String(job.id), { id: job.id, pay_input_ranges: [] }])),
    );
    const { source } = await api.sources.add('greenhouse', 'deadline', { company: 'Deadline Co', workspace: 'demo' });
    await api.sources.sync([source.id]);
    const [row] = await api.db.select().from(jobPostings).where(eq(jobPostings.sourceJobId, '501'));
    const id = row?.id;

    const listed = await get('/public-job-posting?workspace_slug=demo&limit=100&title=Zeppelin');
    expect((listed.body.jobs as { id: number }[]).map((job) => job.id)).toEqual([id]);
    const detail = await get(`/public-job-posting/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      title: 'Zeppelin Engineer </script><script>alert(1)</script>',
      organization_name: 'Deadline Co',
      job_type: 'Full-time',
      workplace_type: 'Remote',
      description: 'Hello #world#',
      description_blocks: [{ p: ['Hello ', { b: ['world'] }] }],
      valid_through: '2026-12-31T00:00:00.000Z',
      closed_at: null,
      application_url: 'https://boards.greenhouse.io/deadline/jobs/501',
    });
    const companies = await get('/public-job-posting/job-board/list-organizations?workspace_slug=demo');
    expect((companies.body.organizations as { organization_name: string }[]).map((c) => c.organization_name)).toContain(
      'Deadline Co',
    );
    const crawledItem = (await crawled()).find((item) => item.id === id);
    expect(crawledItem?.last_changed).toBe(row?.changedAt.toISOString());

    // The job closes (two of three jobs stay: not a mass close).
    fake.setJobs('greenhouse', 'deadline', jobs.slice(1), {});
    const [result] = await api.sources.sync([source.id]);
    expect(result?.line).toMatch(/1 closed, 2 unchanged$/);
    // SPEC-only clients: "Job Not Found".
    expect(await get(`/public-job-posting/${id}`)).toEqual({ status: 404, body: { message: 'Job posting not found' } });
    expect((await get(`/public-job-posting/${id}?visibility=linkedin_or_job_board`)).status).toBe(404);
    // The board's own page reads it, closed.
    const closed = await get(`/public-job-posting/${id}?visibility=linkedin_or_job_board&include_closed=true`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id, title: first.title, organization_name: 'Deadline Co' });
    expect(Date.parse(String(closed.body.closed_at))).not.toBeNaN();
    // Nowhere else.
    expect(
      ((await get('/public-job-posting?workspace_slug=demo&limit=100&title=Zeppelin')).body.jobs as unknown[]).length,
    ).toBe(0);
    expect((await crawled()).map((item) => item.id)).not.toContain(id);
    const company = await get(`/public-job-posting/organization/${row?.organizationId}?limit=100`);
    expect((company.body.jobs as { id: number }[]).map((job) => job.id)).not.toContain(id);
    // A draft is not "closed": still unknown, whatever is asked.
    const [draft] = await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'draft'));
    expect((await get(`/public-job-posting/${draft?.id}?include_closed=true`)).status).toBe(404);
  });

  it('alerts mail an imported job the first time the board sees it, whatever date its ATS gives', async () => {
    const alert = await subscribeActive('seeker@example.com', 'Product Manager');
    // The ATS dates the job 2021: as a published date it would fall outside every window since.
    fake.setJobs('ashby', 'example', [ashbyDocsJobWithId]);
    const { source } = await api.sources.add('ashby', 'example', { company: 'Example' });
    const before = new Date(Date.now() - 1000);
    await api.sources.sync([source.id]);
    expect(await api.alerts.sendDigests({ since: before })).toMatchObject({ digests: 1 });
    const [digest] = await api.db.select().from(outbox).where(eq(outbox.alertId, alert));
    const message = digest?.message as { subject: string; text: string };
    expect(message.subject).toBe('1 new job for your job alert (all jobs)');
    expect(message.text).toContain('Product Manager');
    expect(message.text).toContain('Example');
    // Seen once: a later sync that changes it, or reopens it, does not make it new again.
    fake.setJobs('ashby', 'example', [{ ...ashbyDocsJobWithId, title: 'Product Manager II' }]);
    await api.sources.sync([source.id]);
    const later = new Date();
    await new Promise((resolve) => setTimeout(resolve, 10));
    fake.setJobs('ashby', 'example', [{ ...ashbyDocsJobWithId, title: 'Product Manager III' }]);
    await api.sources.sync([source.id]);
    expect(await api.alerts.sendDigests({ since: later })).toMatchObject({ digests: 0 });
  });
});

/** A confirmed alert (as the confirmation link leaves it) for a title, over all jobs. */
async function subscribeActive(email: string, title: string): Promise<string> {
  const [row] = await api.db
    .insert(alerts)
    .values({
      email,
      emailHash: api.alertTokens.addresses.address(email),
      search: { ...emptyJobSearch, title },
      frequency: 'daily',
      status: 'active',
      confirmedAt: new Date(Date.now() - 86_400_000),
      lastDigestAt: new Date(Date.now() - 3_600_000),
      nextDigestAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: alerts.id });
  if (!row) throw new Error('no alert');
  return row.id;
}
