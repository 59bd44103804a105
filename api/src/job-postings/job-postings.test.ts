import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { jobPostings, organizations } from '../db/job-board-tables';
import { useTestApi } from '../test/use-test-api';

const api = useTestApi();

async function getJson<T = Record<string, unknown>>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await api.app.request(path, init);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

type Job = Record<string, unknown> & { id: number };

async function allJobs() {
  return api.db.select().from(jobPostings);
}

describe('call 1: GET /public-job-posting', () => {
  it('lists exactly the published jobs shown on the board, newest first, without descriptions', async () => {
    const { status, body } = await getJson<{ jobs: Job[] }>('/public-job-posting?visibility=job_board_only');
    expect(status).toBe(200);
    const expected = (await allJobs()).filter((job) => job.status === 'published' && job.shownOn !== 'linkedin');
    expect(body.jobs.map((job) => job.id).sort()).toEqual(expected.map((job) => job.id).sort());
    expect(body.jobs.length).toBeGreaterThan(100);
    const dates = body.jobs.map((job) => String(job.posted_date));
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const job of body.jobs) {
      expect(job).not.toHaveProperty('description');
      expect(job).toHaveProperty('short_description');
      expect(job).not.toHaveProperty('published_at');
    }
  });

  it('defaults to job_board_only and refuses an unknown visibility with 400', async () => {
    const implicit = await getJson<{ jobs: Job[] }>('/public-job-posting');
    const explicit = await getJson<{ jobs: Job[] }>('/public-job-posting?visibility=job_board_only');
    expect(implicit.body.jobs.length).toBe(explicit.body.jobs.length);
    const bad = await getJson('/public-job-posting?visibility=everything');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringContaining('visibility'), detail: expect.any(String) });
  });

  it('never repeats a bad value in its error answer', async () => {
    const sent = '<script>alert(1)</script>';
    for (const path of ['/public-job-posting', '/public-job-posting/1', '/public-job-posting/organization/1']) {
      const bad = await api.app.request(`${path}?visibility=${encodeURIComponent(sent)}`);
      expect(bad.status, path).toBe(400);
      expect(await bad.text(), path).not.toContain('script');
    }
  });

  it('refuses a salary value slow to parse (15,800 digits and an `e`) with 400', async () => {
    const slow = `${'1'.repeat(15_800)}e`;
    for (const name of ['salary_min_k', 'salary_max_k']) {
      const { status, body } = await getJson(`/public-job-posting?limit=5&${name}=${slow}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ message: `${name} must be a number (thousands)` });
    }
  });

  it('scopes to a workspace, and answers 404 for an unknown one', async () => {
    const { body } = await getJson<{ jobs: Job[] }>(
      '/public-job-posting?workspace_slug=demo&visibility=job_board_only',
    );
    const demoOrgs = new Set(
      (await api.db.select().from(organizations).where(eq(organizations.workspaceSlug, 'demo'))).map((org) => org.id),
    );
    expect(body.jobs.length).toBeGreaterThan(10);
    for (const job of body.jobs) expect(demoOrgs.has(job.organization_id as number)).toBe(true);
    const missing = await getJson('/public-job-posting?workspace_slug=nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Workspace not found' });
  });

  it('delivers the fields of SPEC section 3, with team members as strings', async () => {
    const { body } = await getJson<{ jobs: Job[] }>('/public-job-posting');
    const job = body.jobs.find(
      (candidate) => Array.isArray(candidate.team_members) && candidate.team_members.length > 0,
    );
    expect(Object.keys(job ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'organization_name',
        'location',
        'salary_min',
        'salary_max',
        'salary_currency',
        'short_description',
        'posted_date',
        'job_type',
        'workplace_type',
        'level',
        'requirements',
        'skills',
        'benefits',
        'application_url',
        'company_overview',
        'funding',
        'investors',
        'team_members',
        'equity',
      ]),
    );
    expect(((job?.team_members ?? []) as unknown[]).some((member) => typeof member === 'string')).toBe(true);
    expect(
      body.jobs.some(
        (candidate) =>
          typeof candidate.logo === 'string' && String(candidate.logo).startsWith('http://localhost/public/logos/'),
      ),
    ).toBe(true);
  });
});

describe('call 2: GET /public-job-posting/workspace/{slug}', () => {
  it('returns the workspace, or 404', async () => {
    expect(await getJson('/public-job-posting/workspace/demo')).toMatchObject({
      status: 200,
      body: { slug: 'demo', name: 'Demo Ventures' },
    });
    expect(await getJson('/public-job-posting/workspace/nope')).toMatchObject({
      status: 404,
      body: { message: 'Workspace not found' },
    });
  });
});

describe('call 3: GET /public-job-posting/job-board/list-organizations', () => {
  it('lists the hiring companies of a workspace as {organization_id, organization_name, job_board_slug}', async () => {
    const { status, body } = await getJson<{ organizations: Record<string, unknown>[] }>(
      '/public-job-posting/job-board/list-organizations?workspace_slug=demo',
    );
    expect(status).toBe(200);
    expect(body.organizations.length).toBeGreaterThan(3);
    for (const org of body.organizations) {
      expect(Object.keys(org).sort()).toEqual(['job_board_slug', 'organization_id', 'organization_name']);
    }
    const all = await getJson<{ organizations: unknown[] }>('/public-job-posting/job-board/list-organizations');
    expect(all.body.organizations.length).toBeGreaterThanOrEqual(20);
    expect((await getJson('/public-job-posting/job-board/list-organizations?workspace_slug=nope')).status).toBe(404);
  });

  it('leaves out a company with no job on the board', async () => {
    const [org] = await api.db
      .insert(organizations)
      .values({ name: 'Quiet Co', jobBoardSlug: 'quiet-co', workspaceSlug: 'demo' })
      .returning();
    boardWritten(api.db);
    await api.db.insert(jobPostings).values({ organizationId: org?.id ?? 0, title: 'Hidden', status: 'draft' });
    boardWritten(api.db);
    const { body } = await getJson<{ organizations: { organization_name: string }[] }>(
      '/public-job-posting/job-board/list-organizations?workspace_slug=demo',
    );
    expect(body.organizations.map((o) => o.organization_name)).not.toContain('Quiet Co');
  });
});

describe('call 4: GET /public-job-posting/{id}', () => {
  it('returns a published board job with its description', async () => {
    const [job] = (await allJobs()).filter(
      (j) => j.status === 'published' && j.shownOn === 'job_board' && j.description,
    );
    const { status, body } = await getJson<Job>(`/public-job-posting/${job?.id}?visibility=linkedin_or_job_board`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: job?.id, title: job?.title, description: job?.description });
  });

  it('returns a LinkedIn-only job with linkedin_or_job_board (the default), not with job_board_only', async () => {
    const linkedinOnly = (await allJobs()).find((j) => j.status === 'published' && j.shownOn === 'linkedin');
    expect(linkedinOnly).toBeDefined();
    expect((await getJson(`/public-job-posting/${linkedinOnly?.id}`)).status).toBe(200);
    expect((await getJson(`/public-job-posting/${linkedinOnly?.id}?visibility=linkedin_or_job_board`)).status).toBe(
      200,
    );
    expect((await getJson(`/public-job-posting/${linkedinOnly?.id}?visibility=job_board_only`)).status).toBe(404);
  });

  it.each(['draft', 'closed'] as const)('never returns a %s job', async (status) => {
    const job = (await allJobs()).find((j) => j.status === status);
    expect(job).toBeDefined();
    const response = await getJson(`/public-job-posting/${job?.id}?visibility=linkedin_or_job_board`);
    expect(response).toMatchObject({ status: 404, body: { message: 'Job posting not found' } });
    const list = await getJson<{ jobs: Job[] }>('/public-job-posting');
    expect(list.body.jobs.some((listed) => listed.id === job?.id)).toBe(false);
  });

  it.each(['999999', 'abc', '1.5', '-1', '99999999999'])('answers 404 for id %s', async (id) => {
    expect((await getJson(`/public-job-posting/${id}`)).status).toBe(404);
  });

  it('answers a published job at its one spelling: with a leading zero or a sign it is a 404', async () => {
    const job = (await allJobs()).find((j) => j.status === 'published');
    expect((await getJson(`/public-job-posting/${job?.id}`)).status).toBe(200);
    for (const spelling of [`0${job?.id}`, `+${job?.id}`, `${job?.id}.0`])
      expect((await getJson(`/public-job-posting/${spelling}`)).status, spelling).toBe(404);
  });
});

describe('call 5: GET /public-job-posting/organization/{id}', () => {
  it('lists the company jobs with published_at and team members as objects', async () => {
    const { body: list } = await getJson<{ jobs: Job[] }>('/public-job-posting');
    const orgId = list.jobs[0]?.organization_id;
    const { status, body } = await getJson<{ jobs: Job[] }>(
      `/public-job-posting/organization/${orgId}?visibility=job_board_only`,
    );
    expect(status).toBe(200);
    expect(body.jobs.length).toBeGreaterThan(0);
    for (const job of body.jobs) {
      expect(job.organization_id).toBe(orgId);
      expect(job).toHaveProperty('published_at');
      expect(job).not.toHaveProperty('posted_date');
      expect(job).toHaveProperty('application_url');
      for (const member of job.team_members as unknown[]) {
        expect(member).toEqual({
          name: expect.any(String),
          title: expect.any(String),
          bio: expect.any(String),
          avatar: null,
        });
      }
    }
  });

  it('drops malformed team strings and applies the defaults', async () => {
    const [org] = await api.db
      .insert(organizations)
      .values({
        name: 'Team Test',
        jobBoardSlug: 'team-test',
        workspaceSlug: 'demo',
        teamMembers: ['Ada, CEO, Founder', 'Just A Name', 42, ', , Advisor', null],
      })
      .returning();
    boardWritten(api.db);
    await api.db
      .insert(jobPostings)
      .values({ organizationId: org?.id ?? 0, title: 'Engineer', status: 'published', publishedAt: new Date() });
    boardWritten(api.db);
    const { body } = await getJson<{ jobs: Job[] }>(`/public-job-posting/organization/${org?.id}`);
    expect(body.jobs[0]?.team_members).toEqual([
      { name: 'Ada', title: 'CEO', bio: 'Founder', avatar: null },
      { name: 'Team Member', title: 'Role not specified', bio: 'Advisor', avatar: null },
    ]);
    const detail = await getJson<Job>(`/public-job-posting/${body.jobs[0]?.id}`);
    expect(detail.body.team_members).toEqual(['Ada, CEO, Founder', 'Just A Name', 42, ', , Advisor', null]);
  });

  it('answers 404 for an unknown company', async () => {
    expect(await getJson('/public-job-posting/organization/999999')).toMatchObject({
      status: 404,
      body: { message: 'Organization not found' },
    });
  });
});

describe('service habits', () => {
  it('answers GETs with an ETag, honours If-None-Match, and sets Cache-Control', async () => {
    const first = await api.app.request('/public-job-posting/workspace/demo');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const again = await api.app.request('/public-job-posting/workspace/demo', {
      headers: { 'If-None-Match': tag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('answers a repeated list request from its short-lived cache, with its own request id and CORS', async () => {
    const init = { headers: { Origin: 'http://localhost:8080', 'Accept-Encoding': 'gzip' } };
    const first = await api.app.request('/public-job-posting?workspace_slug=fintech-guild', init);
    const second = await api.app.request('/public-job-posting?workspace_slug=fintech-guild', init);
    expect(first.headers.get('x-cache')).toBeNull();
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(second.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    const notModified = await api.app.request('/public-job-posting?workspace_slug=fintech-guild', {
      headers: { ...init.headers, 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(notModified.status).toBe(304);
  });

  it('compresses large responses with brotli or gzip', async () => {
    const br = await api.app.request('/public-job-posting', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await api.app.request('/public-job-posting', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('allows the board origin by CORS and no other', async () => {
    const allowed = await api.app.request('/public-job-posting/workspace/demo', {
      headers: { Origin: 'http://localhost:8080' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    const other = await api.app.request('/public-job-posting/workspace/demo', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const missing = await api.app.request('/public-job-posting/999999', {
      headers: { Origin: 'http://localhost:8080' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
  });

  it('gives every response a request id and logs it', async () => {
    const response = await api.app.request('/health');
    expect(await response.json()).toMatchObject({ status: 'ok' });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(api.logs.find((entry) => entry.request_id === id)).toMatchObject({
      method: 'GET',
      path: '/health',
      status: 200,
    });
  });

  it('keys its short-lived cache on what each call reads: a junk parameter makes no entry of its own', async () => {
    const list = '/public-job-posting?limit=2&title=Engineer';
    await api.app.request(list);
    expect((await api.app.request(list)).headers.get('x-cache')).toBe('hit');
    // The same search spelled otherwise: parameters no call reads, another order, empty values, spaces trimmed.
    for (const path of [
      '/public-job-posting?limit=2&title=Engineer&junk=a1',
      '/public-job-posting?title=%20Engineer%20&limit=2&location=&junk=a2',
      '/public-job-posting?limit=2&title=Engineer&visibility=job_board_only&_=1700000000',
    ])
      expect((await api.app.request(path)).headers.get('x-cache'), path).toBe('hit');
    // 250 more junk values (the cache holds 200 entries) leave the first answer where it was.
    for (let index = 0; index < 250; index++) await api.app.request(`${list}&junk=${index}`);
    expect((await api.app.request(list)).headers.get('x-cache')).toBe('hit');
    // The same for the whole list, one company's jobs and a job.
    for (const path of ['/public-job-posting', '/public-job-posting/organization/1', '/public-job-posting/1']) {
      await api.app.request(path);
      expect((await api.app.request(`${path}?junk=b1`)).headers.get('x-cache'), path).toBe('hit');
    }
    // What a call does read still makes an answer of its own.
    expect((await api.app.request('/public-job-posting?limit=3&title=Engineer')).headers.get('x-cache')).toBeNull();
    // An address longer than any the board writes is answered and kept by no one.
    const long = `${list}&junk=${'x'.repeat(5000)}`;
    for (let index = 0; index < 2; index++) {
      const answer = await api.app.request(long);
      expect([answer.status, answer.headers.get('x-cache')]).toEqual([200, null]);
    }
  });

  it('sends nosniff with every answer: JSON, logos, errors, cached answers', async () => {
    for (const path of [
      '/public-job-posting?limit=1',
      '/public-job-posting?limit=1',
      '/public-job-posting/workspace/demo',
      '/public/logos/northwind-robotics.svg',
      '/public-job-posting?visibility=nope',
      '/nope',
      '/health',
    ]) {
      const response = await api.app.request(path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('serves company logos as SVG and answers JSON 404 for unknown paths', async () => {
    const logo = await api.app.request('/public/logos/northwind-robotics.svg');
    expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await logo.text()).toMatch(/^<svg[\s\S]*NR[\s\S]*<\/svg>$/);
    expect((await getJson('/nope')).body).toEqual({ message: 'Not found' });
  });
});
