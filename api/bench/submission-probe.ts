/**
 * `pnpm --filter @board/api probe:submissions`: the figures of docs/reliability.md. Starts two API
 * processes on one PostgreSQL database (PROBE_DATABASE_URL: a role that may create databases) behind
 * a pretend proxy (TRUSTED_PROXIES=127.0.0.1, each client named by X-Forwarded-For), then sends
 * every client's valid and invalid submissions at once, spread over both instances, and counts:
 * sent, refused (by status), stored, and lost (a 201 whose application or resume is not in the
 * database, or a stored row no 201 announced).
 */
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { startApiProcess } from '../src/test/api-process';
import { pdfBytes } from '../src/test/test-api';

const { values } = parseArgs({
  options: { clients: { type: 'string', default: '25' }, each: { type: 'string', default: '15' } },
});
const clients = Number(values.clients);
const each = Number(values.each);
const adminUrl = process.env.PROBE_DATABASE_URL;
if (!adminUrl) throw new Error('Set PROBE_DATABASE_URL to a PostgreSQL role that may create databases');

const name = `board_probe_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const env = {
  DATABASE_URL: url.href,
  PORT: '0',
  LOG_LEVEL: 'silent',
  TRUSTED_PROXIES: '127.0.0.1',
  RATE_LIMIT_MAX: '10',
};
const instances = [await startApiProcess(env), await startApiProcess({ ...env, SEED: 'none' })];
try {
  const first = instances[0]?.url ?? '';
  const { jobs } = (await (await fetch(`${first}/public-job-posting`)).json()) as { jobs: { id: number }[] };
  const token = async (base: string, client: string) => {
    const headers = { 'X-Forwarded-For': client };
    const challenge = (await (await fetch(`${base}/public/captcha/challenge`, { headers })).json()) as {
      challenge_id: string;
      question: string;
    };
    const [, a, b] = /(\d+) \+ (\d+)/.exec(challenge.question) ?? [];
    const answer = String(Number(a) + Number(b));
    const response = await fetch(`${base}/public/captcha/verify`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge_id: challenge.challenge_id, answer }),
    });
    return ((await response.json()) as { token: string }).token;
  };
  const sent: Promise<{ status: number; id?: string; sha?: string }>[] = [];
  for (let c = 0; c < clients; c++) {
    const client = `198.51.100.${c + 1}`;
    for (let n = 0; n < each + 5; n++) {
      const base = instances[n % 2]?.url ?? '';
      const valid = n < each;
      const resume = new Uint8Array([...pdfBytes(), ...new TextEncoder().encode(`% ${client} ${n}\n`)]);
      sent.push(
        (async () => {
          const form = new FormData();
          form.append('job_posting_id', String(jobs[(c + n) % jobs.length]?.id));
          form.append('candidate_name', `Candidate ${c}-${n}`);
          form.append('candidate_email', valid ? `c${c}n${n}@example.com` : 'not an email');
          form.append('candidate_linkedin_url', `https://www.linkedin.com/in/c${c}n${n}`);
          form.append('candidate_salary_expectations', '100k');
          form.append('recaptcha_token', await token(base, client));
          form.append('candidate_resume', new Blob([resume as BlobPart], { type: 'application/pdf' }), 'cv.pdf');
          try {
            const response = await fetch(`${base}/public/job-application/`, {
              method: 'POST',
              body: form,
              headers: { 'X-Forwarded-For': client },
            });
            const body = (await response.json()) as { id?: string };
            return { status: response.status, id: body.id, sha: createHash('sha256').update(resume).digest('hex') };
          } catch (error) {
            console.error(String((error as Error).cause ?? error));
            return { status: 0 }; // no answer
          }
        })(),
      );
    }
  }
  const results = await Promise.all(sent);
  const byStatus: Record<number, number> = {};
  for (const { status } of results) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const db = postgres(url.href, { max: 1, onnotice: () => {} });
  const rows = await db<{ id: string; sha: string; stored: string }[]>`
    select a.id, a.resume_sha256 as sha, encode(sha256(r.content), 'hex') as stored
    from applications a left join application_resumes r on r.application_id = a.id`;
  await db.end();
  const stored = new Map(rows.map((row) => [row.id, row]));
  const created = results.filter((result) => result.status === 201);
  const lost = created.filter((r) => stored.get(r.id ?? '')?.stored !== r.sha).length;
  const unannounced = rows.length - created.filter((r) => stored.has(r.id ?? '')).length;
  console.log(
    JSON.stringify({ instances: 2, clients, sent: results.length, byStatus, stored: rows.length, lost, unannounced }),
  );
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
