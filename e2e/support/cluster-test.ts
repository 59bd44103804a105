import type { ApiProcess } from '../../api/src/test/api-process';
import { candidate } from '../../api/src/test/application-form';
import { pdfBytes } from '../../api/src/test/test-api';
import { Cluster } from './cluster';
import { test as base, expect } from './test';

/**
 * The instances suite's test (tests/instances.spec.ts): a `cluster` (support/cluster.ts) started
 * once per Playwright worker, the site through its load balancer as `baseURL`, and the calls the
 * suite makes of it, each from a client nginx names to the instances (they trust it:
 * TRUSTED_PROXIES).
 */
export const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const cluster = await Cluster.start();
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.siteUrl);
  },
});

/** A request from `client`, as nginx names it to the instances. */
export const from = (client: string, headers: Record<string, string> = {}) => ({
  headers: { 'X-Forwarded-For': client, ...headers },
});

/** A local-captcha token: the challenge from one API instance, answered at the other. */
export async function captchaToken(issuer: ApiProcess, checker: ApiProcess): Promise<string> {
  const challenge = (await (await fetch(`${issuer.url}/public/captcha/challenge`, from('198.51.100.200'))).json()) as {
    challenge_id: string;
    question: string;
  };
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question) ?? [];
  const answered = await fetch(`${checker.url}/public/captcha/verify`, {
    method: 'POST',
    ...from('198.51.100.200', { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ challenge_id: challenge.challenge_id, answer: String(Number(a) + Number(b)) }),
  });
  expect(answered.status, 'a challenge issued by one instance is answered at the other').toBe(200);
  return ((await answered.json()) as { token: string }).token;
}

export async function apply(cluster: Cluster, client: string, jobId: number, token: string) {
  const form = new FormData();
  form.append('job_posting_id', String(jobId));
  for (const [name, value] of Object.entries(candidate)) form.append(name, value);
  form.append('recaptcha_token', token);
  form.append('candidate_resume', new Blob([pdfBytes() as BlobPart], { type: 'application/pdf' }), 'cv.pdf');
  return fetch(`${cluster.apiUrl}/public/job-application/`, { method: 'POST', ...from(client), body: form });
}

export const subscribe = (cluster: Cluster, client: string, email: string) =>
  fetch(`${cluster.apiUrl}/public/alerts/subscribe`, {
    method: 'POST',
    ...from(client, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ email, frequency: 'daily' }),
  });

export const operatorSend = (url: string, cluster: Cluster, body: unknown = {}) =>
  fetch(`${url}/operator/alerts/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cluster.operatorToken}` },
    body: JSON.stringify(body),
  });

export const mailTo = (cluster: Cluster, address: string) =>
  cluster.messages().filter((message) => message.to.includes(address));

export async function firstJobId(cluster: Cluster): Promise<number> {
  const answer = await fetch(`${cluster.apiUrl}/public-job-posting?limit=1`, from('198.51.100.201'));
  const job = ((await answer.json()) as { jobs: { id: number }[] }).jobs[0];
  if (!job) throw new Error('the API lists no job');
  return job.id;
}

/** How many jobs a search through one instance counts; each call from a client of its own, under the request limit. */
let searcher = 0;
export async function searchTotal(api: ApiProcess, query: string): Promise<number> {
  const answer = await fetch(`${api.url}/public-job-posting?limit=1&${query}`, from(`192.0.2.${++searcher % 250}`));
  return ((await answer.json()) as { total: number }).total;
}
