import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { runApplicationsCommand } from './cli/applications';
import { type ApiProcess, startApiProcess } from './test/api-process';
import { candidate } from './test/application-form';
import { pdfBytes } from './test/test-api';
import { createTestDatabase } from './test/test-database';

/** A local-captcha token from one instance, as the board's captcha component gets one. */
async function captchaToken(api: ApiProcess): Promise<string> {
  const challenge = (await (await fetch(`${api.url}/public/captcha/challenge`)).json()) as {
    challenge_id: string;
    question: string;
  };
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question) ?? [];
  const response = await fetch(`${api.url}/public/captcha/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ challenge_id: challenge.challenge_id, answer: String(Number(a) + Number(b)) }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A resume of its own: the same PDF with the submission's label in a comment. */
const resumeFor = (label: string) => new Uint8Array([...pdfBytes(), ...new TextEncoder().encode(`% ${label}\n`)]);

async function submit(api: ApiProcess, jobId: number, label: string): Promise<string> {
  const form = new FormData();
  form.append('job_posting_id', String(jobId));
  for (const [name, value] of Object.entries(candidate)) form.append(name, value);
  form.append('recaptcha_token', await captchaToken(api));
  form.append(
    'candidate_resume',
    new Blob([resumeFor(label) as BlobPart], { type: 'application/pdf' }),
    `${label}.pdf`,
  );
  const response = await fetch(`${api.url}/public/job-application/`, { method: 'POST', body: form });
  expect(response.status, label).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

// Two processes cannot share an embedded PGlite: this runs in the suite's PostgreSQL run.
describe.runIf(process.env.DATABASE_URL)('two API instances on one PostgreSQL (PostgreSQL run only)', () => {
  it('every resume submitted through one instance is read back, byte for byte, through the other', async () => {
    const database = await createTestDatabase(undefined, { migrated: true });
    const folders: string[] = [];
    const folder = (name: string) => {
      folders.push(mkdtempSync(path.join(tmpdir(), `board-${name}-`)));
      return folders.at(-1) ?? '';
    };
    // Each instance has a folder of its own, as separate machines would (resumes used to go there).
    const instanceEnv = (name: string) => ({
      DATABASE_URL: database.url,
      RESUME_DIR: folder(name),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000',
    });
    const envA = instanceEnv('a');
    const envB = instanceEnv('b');
    const a = await startApiProcess({ ...envA, PORT: '0' });
    const b = await startApiProcess({ ...envB, PORT: '0', SEED: 'none' });
    try {
      const { jobs } = (await (await fetch(`${b.url}/public-job-posting`)).json()) as { jobs: { id: number }[] };
      const jobId = jobs[0]?.id ?? 0;
      const labels = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3'];
      const ids = await Promise.all(labels.map((label) => submit(label.startsWith('a') ? a : b, jobId, label)));

      const out = folder('read');
      for (const [index, label] of labels.entries()) {
        // Read through the other instance's configuration.
        const readerEnv = label.startsWith('a') ? envB : envA;
        const file = path.join(out, `${label}.pdf`);
        await runApplicationsCommand(['--resume', ids[index] ?? '', '--out', file], readerEnv, () => {});
        expect(Buffer.from(readFileSync(file)).equals(Buffer.from(resumeFor(label))), label).toBe(true);
      }
      const listed: string[] = [];
      await runApplicationsCommand(['--json'], envA, (line) => listed.push(line));
      const rows = JSON.parse(listed.join('\n')) as { id: string; resumeName: string }[];
      // Each resume under the name the API made: its application's id.
      expect(rows.map((row) => row.resumeName).sort()).toEqual(ids.map((id) => `${id}.pdf`).sort());
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
      for (const created of folders) rmSync(created, { recursive: true, force: true });
    }
  });

  it('a job changed by SQL elsewhere is found through both, each learning of it by itself', async () => {
    const database = await createTestDatabase(undefined, { migrated: true });
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', PORT: '0' };
    const a = await startApiProcess(env);
    const b = await startApiProcess({ ...env, SEED: 'none' });
    const platform = postgres(database.url ?? '', { max: 1, onnotice: () => {} });
    try {
      const search = async (api: ApiProcess) => {
        const body = (await (await fetch(`${api.url}/public-job-posting?limit=5&title=night%20ferry`)).json()) as {
          jobs: { id: number; title: string }[];
        };
        return body.jobs.map((job) => [job.id, job.title]);
      };
      // Both have answered this search, and keep the answer until the data changes.
      expect(await search(a)).toEqual([]);
      expect(await search(b)).toEqual([]);
      // A job on the board (a LinkedIn-only one is never in its searches), whichever row comes first.
      const [job] = await platform<
        { id: number }[]
      >`select id from job_postings where status = 'published' and shown_on <> 'linkedin' order by id limit 1`;
      await platform`update job_postings set title = 'Night Ferry Captain' where id = ${job?.id ?? 0}`;
      // No timing asserted: each is asked until it answers the change (the test's timeout bounds it).
      for (const api of [a, b]) {
        while ((await search(api)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await search(api)).toEqual([[job?.id, 'Night Ferry Captain']]);
      }
    } finally {
      await platform.end();
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    }
  });
});
