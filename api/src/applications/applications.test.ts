import { resumeMaxBytes } from '@board/shared/forms/application-schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaVerifier } from '../captcha/captcha';
import { applicationResumes, applications } from '../db/application-tables';
import { jobPostings } from '../db/job-board-tables';
import { createTestApi, pdfBytes, type TestApi } from '../test/test-api';

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await createTestApi();
  const [job] = await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'published')).limit(1);
  jobId = job?.id ?? 0;
});
afterAll(async () => {
  await api?.close();
});

async function form(
  overrides: Record<string, string | Blob | null> = {},
  file: Blob | null = new Blob([pdfBytes() as BlobPart], { type: 'application/pdf' }),
) {
  const data = new FormData();
  const fields: Record<string, string | Blob | null> = {
    job_posting_id: String(jobId),
    application_source: 'foundry_job_board',
    candidate_name: 'Ada Lovelace',
    candidate_email: 'ada@example.com',
    candidate_linkedin_url: 'https://www.linkedin.com/in/ada',
    candidate_salary_expectations: '£90k',
    candidate_motivation: 'I love engines.',
    recaptcha_token: await api.captchaToken(),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null) data.append(name, value);
  }
  if (file) data.append('candidate_resume', file, 'ada-cv.pdf');
  return data;
}

function submit(body: FormData | string, headers: Record<string, string> = {}) {
  return api.app.request('/public/job-application/', { method: 'POST', body, headers });
}

async function storedFor(id: string) {
  const [row] = await api.db.select().from(applications).where(eq(applications.id, id));
  return row;
}

async function resumeOf(id: string): Promise<Uint8Array | undefined> {
  const [row] = await api.db.select().from(applicationResumes).where(eq(applicationResumes.applicationId, id));
  return row?.content;
}

describe('POST /public/job-application/', () => {
  it('stores a complete application with its resume and answers 201', async () => {
    const data = await form({
      candidate_phone: '+44 20 7946 0000',
      candidate_github_url: 'https://github.com/ada',
      candidate_portfolio_url: 'https://ada.dev',
      candidate_additional_info: 'Available from January.',
      talent_partner_user_id: 'partner-42',
    });
    const response = await submit(data);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await storedFor(id);
    expect(row).toMatchObject({
      jobPostingId: jobId,
      applicationSource: 'foundry_job_board',
      talentPartnerUserId: 'partner-42',
      candidateName: 'Ada Lovelace',
      candidateEmail: 'ada@example.com',
      candidateLinkedinUrl: 'https://www.linkedin.com/in/ada',
      candidateSalaryExpectations: '£90k',
      candidateMotivation: 'I love engines.',
      candidatePhone: '+44 20 7946 0000',
      candidateGithubUrl: 'https://github.com/ada',
      candidatePortfolioUrl: 'https://ada.dev',
      candidateAdditionalInfo: 'Available from January.',
      resumeName: `${id}.pdf`,
      resumeSize: pdfBytes().byteLength,
      resumeType: 'application/pdf',
    });
    expect(Buffer.from((await resumeOf(id)) ?? []).equals(Buffer.from(pdfBytes()))).toBe(true);
    expect(row?.resumeSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('defaults application_source to the board and leaves optional fields empty', async () => {
    const response = await submit(await form({ application_source: null }));
    expect(response.status).toBe(201);
    const row = await storedFor(((await response.json()) as { id: string }).id);
    expect(row).toMatchObject({
      applicationSource: 'foundry_job_board',
      talentPartnerUserId: null,
      candidatePhone: null,
      candidateGithubUrl: null,
    });
  });

  it('accepts a resume of exactly 10 MB and refuses one byte more with 413', async () => {
    const exact = await submit(
      await form({}, new Blob([pdfBytes(resumeMaxBytes) as BlobPart], { type: 'application/pdf' })),
    );
    expect(exact.status).toBe(201);
    const over = await submit(
      await form({}, new Blob([pdfBytes(resumeMaxBytes + 1) as BlobPart], { type: 'application/pdf' })),
    );
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ message: 'File size too large. Please upload a smaller resume.' });
  });

  it('cuts off a body far over the limit with 413 without reading it all', async () => {
    const huge = await submit(
      await form({}, new Blob([pdfBytes(resumeMaxBytes * 3) as BlobPart], { type: 'application/pdf' })),
    );
    expect(huge.status).toBe(413);
  });

  it('refuses a non-PDF renamed .pdf, and an empty file, with 422', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) as BlobPart], {
      type: 'application/pdf',
    });
    const response = await submit(await form({}, png));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ detail: { candidate_resume: 'Only PDF files are allowed' } });
    const empty = await submit(await form({}, new Blob([], { type: 'application/pdf' })));
    expect(await empty.json()).toMatchObject({ detail: { candidate_resume: 'Resume is required' } });
  });

  it('refuses a PDF-prefixed HTML page whatever its name and type, and keeps a real one as a PDF named by the API', async () => {
    const polyglot = new TextEncoder().encode(
      '%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n',
    );
    const before = (await api.db.select().from(applications)).length;
    for (const [name, type] of [
      ['cv.html', 'text/html'],
      ['cv.pdf', 'application/pdf'],
    ]) {
      const data = await form({}, null);
      data.append('candidate_resume', new Blob([polyglot as BlobPart], { type }), name);
      const response = await submit(data);
      expect(response.status, name).toBe(422);
      expect(await response.json()).toMatchObject({ detail: { candidate_resume: 'Only PDF files are allowed' } });
    }
    expect(await api.db.select().from(applications)).toHaveLength(before);

    // A real PDF sent as `cv.html`, `text/html` (or with a NUL in its name) is kept as what it is.
    for (const name of ['cv.html', 'cv\u0000.html']) {
      const data = await form({}, null);
      data.append('candidate_resume', new Blob([pdfBytes() as BlobPart], { type: 'text/html' }), name);
      const response = await submit(data);
      expect(response.status, name).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(await storedFor(id)).toMatchObject({ resumeName: `${id}.pdf`, resumeType: 'application/pdf' });
    }
  });

  it('refuses line breaks, tabs, control and direction characters in every one-line field', async () => {
    const oneLine = [
      'candidate_name',
      'candidate_email',
      'candidate_linkedin_url',
      'candidate_salary_expectations',
      'candidate_phone',
      'candidate_github_url',
      'candidate_portfolio_url',
      'application_source',
      'talent_partner_user_id',
    ];
    const valid: Record<string, string> = {
      candidate_name: 'Ada Lovelace',
      candidate_email: 'ada@example.com',
      candidate_linkedin_url: 'https://www.linkedin.com/in/ada',
      candidate_salary_expectations: '90k',
      candidate_phone: '+44 20',
      candidate_github_url: 'https://github.com/ada',
      candidate_portfolio_url: 'https://ada.dev',
      application_source: 'board',
      talent_partner_user_id: 'tp-1',
    };
    const before = (await api.db.select().from(applications)).length;
    for (const field of oneLine)
      for (const insert of ['\n', '\r\n', '\t', '\u2028', '\u202e', '\u2066', '\u200f']) {
        const value = `${valid[field]?.slice(0, 4)}${insert}${valid[field]?.slice(4)}`;
        const response = await submit(await form({ [field]: value }));
        expect(response.status, `${field} ${JSON.stringify(insert)}`).toBe(422);
        expect(((await response.json()) as { detail: Record<string, string> }).detail[field]).toBe('Invalid input');
      }
    expect(await api.db.select().from(applications)).toHaveLength(before);
  });

  it('answers 422 with a message per invalid field (the form schema, call-6 names)', async () => {
    const response = await submit(
      await form(
        {
          candidate_name: '',
          candidate_email: 'nope',
          candidate_linkedin_url: 'https://example.com/ada',
          candidate_salary_expectations: null,
          candidate_phone: '1'.repeat(21),
          candidate_github_url: 'github',
          recaptcha_token: null,
        },
        null,
      ),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The form data are not correct. Please check your inputs.',
      detail: {
        candidate_name: 'Name is required',
        candidate_email: 'Please enter a valid email address',
        candidate_linkedin_url: 'LinkedIn URL must start with https://www.linkedin.com/in/ or https://linkedin.com/in/',
        candidate_salary_expectations: 'Salary expectations are required',
        candidate_phone: 'Phone number must be less than 20 characters',
        candidate_github_url: 'Please enter a valid GitHub URL',
        candidate_resume: 'Resume is required',
        recaptcha_token: 'Please complete the reCAPTCHA verification',
      },
    });
  });

  it.each([
    ['an unknown job', () => '999999'],
    [
      'a draft job',
      async () => String((await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'draft')))[0]?.id),
    ],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await submit(await form({ job_posting_id: await id() }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Job posting not found' });
  });

  it('answers 410 for a closed job, saying it closed, and stores nothing', async () => {
    const [closed] = await api.db.select().from(jobPostings).where(eq(jobPostings.status, 'closed'));
    const before = await api.db.select().from(applications);
    const response = await submit(await form({ job_posting_id: String(closed?.id) }));
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({
      message: 'This job has closed and no longer takes applications. Nothing was sent.',
    });
    expect(await api.db.select().from(applications)).toHaveLength(before.length);
  });

  it.each([
    ['a JSON body', () => submit(JSON.stringify({ job_posting_id: 1 }), { 'Content-Type': 'application/json' })],
    ['no job id', async () => submit(await form({ job_posting_id: null }))],
    ['a job id that is not a number', async () => submit(await form({ job_posting_id: 'abc' }))],
    ['a broken multipart body', () => submit('--x\r\nnonsense', { 'Content-Type': 'multipart/form-data; boundary=x' })],
  ])('answers 400 with message and detail for %s', async (_case, send) => {
    const response = await send();
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toEqual(expect.any(String));
  });

  it('refuses a wrong, reused or missing-mode captcha token with 400', async () => {
    const wrong = await submit(await form({ recaptcha_token: 'local.abc.9999999999.forged' }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: expect.stringMatching(/security verification/i) });

    const token = await api.captchaToken();
    expect((await submit(await form({ recaptcha_token: token }))).status).toBe(201);
    const reused = await submit(await form({ recaptcha_token: token }));
    expect(reused.status).toBe(400);
  });

  it('stores every one of many concurrent submissions', async () => {
    const before = (await api.db.select().from(applications)).length;
    const bodies = await Promise.all(Array.from({ length: 12 }, (_, i) => form({ candidate_name: `Concurrent ${i}` })));
    const responses = await Promise.all(bodies.map((body) => submit(body)));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    const rows = await api.db.select().from(applications);
    expect(rows.length).toBe(before + 12);
    const names = rows.map((row) => row.candidateName).filter((name) => name.startsWith('Concurrent'));
    expect(new Set(names).size).toBe(12);
    for (const row of rows.filter((r) => r.candidateName.startsWith('Concurrent'))) {
      expect((await resumeOf(row.id))?.byteLength).toBe(row.resumeSize);
    }
  });
});

describe('rate limit and recaptcha mode', () => {
  let limited: TestApi;
  const verified: string[] = [];
  const recaptcha: CaptchaVerifier = {
    mode: 'recaptcha',
    async verify(token) {
      verified.push(token);
      return token === 'google-says-yes' ? `recaptcha:${verified.length}` : null;
    },
  };
  beforeAll(async () => {
    limited = await createTestApi({ rateLimit: { max: 2, windowSeconds: 600 }, captcha: recaptcha });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 once one address sends too many; other addresses still get through', async () => {
    const [job] = await limited.db.select().from(jobPostings).where(eq(jobPostings.status, 'published')).limit(1);
    const send = (client: string, token = 'google-says-yes') => {
      const data = new FormData();
      data.append('job_posting_id', String(job?.id));
      data.append('candidate_name', 'Grace');
      data.append('candidate_email', 'grace@example.com');
      data.append('candidate_linkedin_url', 'https://linkedin.com/in/grace');
      data.append('candidate_salary_expectations', '100k');
      data.append('candidate_motivation', '');
      data.append('recaptcha_token', token);
      data.append('candidate_resume', new Blob([pdfBytes() as BlobPart], { type: 'application/pdf' }), 'cv.pdf');
      return limited.app.request('/public/job-application/', {
        method: 'POST',
        body: data,
        headers: { 'x-test-client': client },
      });
    };
    expect((await send('10.0.0.1', 'google-says-no')).status).toBe(400);
    expect((await send('10.0.0.1')).status).toBe(201);
    const third = await send('10.0.0.1');
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ message: expect.stringMatching(/too many/i) });
    expect((await send('10.0.0.2')).status).toBe(201);
    expect(verified).toContain('google-says-no');
  });
});
