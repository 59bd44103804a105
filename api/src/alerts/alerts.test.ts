import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boardWritten } from '../board-changes/board-written';
import { alerts, outbox } from '../db/alert-tables';
import { jobPostings, organizations } from '../db/job-board-tables';
import { type MailSink, startMailSink } from '../mail/mail-sink';
import { smtpTransport } from '../mail/mailer';
import { createTestApi, type TestApi } from '../test/test-api';
import { rekeyAddresses } from './address-keys';
import { deleteExpiredPending } from './digests';
import { createAlertTokens } from './tokens';

let api: TestApi;
let sink: MailSink;
let transport: ReturnType<typeof smtpTransport>;
beforeAll(async () => {
  sink = await startMailSink();
  transport = smtpTransport(sink.smtpUrl, 'Foundry Jobs <alerts@foundry.jobs>');
  api = await createTestApi({
    mailTransport: transport,
    sender: { backoffMs: () => 0 },
    alertRateLimit: { max: 30, windowSeconds: 600 },
  });
});
afterAll(async () => {
  await api?.close();
  transport?.close();
  await sink?.close();
});
beforeEach(async () => {
  sink.messages.length = 0;
  await api.db.delete(alerts);
  await api.db.execute(sql`delete from alert_confirmation_sends`);
});

const emailHash = (email: string) => api.alertTokens.addresses.address(email);

let client = 0;
async function subscribe(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await api.app.request('/public/alerts/subscribe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-test-client': `10.0.0.${++client % 250}`, ...headers },
    body: JSON.stringify(fields),
  });
  await api.alerts.drain();
  return response;
}

const linkIn = (text: string, page: string) =>
  new RegExp(`http://localhost/public/alerts/${page}\\?token=[A-Za-z0-9_%.-]+`).exec(text)?.[0] ?? '';
const path = (url: string) => url.replace('http://localhost', '');
const formPost = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  api.app.request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
/** The click on the confirmation page's button: the link's token, posted back. */
const confirmByPost = (link: string) =>
  formPost('/public/alerts/confirm', { token: new URL(link, 'http://localhost').searchParams.get('token') ?? '' });

async function subscribeAndConfirm(email: string, fields: Record<string, string> = {}) {
  expect((await subscribe({ email, ...fields })).status).toBe(202);
  const message = sink.messages.findLast((m) => m.to.includes(email));
  const confirmed = await confirmByPost(path(linkIn(message?.text ?? '', 'confirm')));
  expect(confirmed.status).toBe(200);
  const [alert] = await api.db
    .select()
    .from(alerts)
    .where(eq(alerts.emailHash, emailHash(email)));
  if (!alert) throw new Error('no alert');
  return alert;
}

/** A published board job, as of `publishedAt`. */
async function addJob(title: string, publishedAt: Date, overrides: Partial<typeof jobPostings.$inferInsert> = {}) {
  const [organization] = await api.db
    .select()
    .from(organizations)
    .where(eq(organizations.workspaceSlug, 'demo'))
    .limit(1);
  const [job] = await api.db
    .insert(jobPostings)
    .values({
      organizationId: organization?.id ?? 0,
      title,
      location: 'Lisbon',
      status: 'published',
      shownOn: 'job_board',
      publishedAt,
      ...overrides,
    })
    .returning({ id: jobPostings.id });
  boardWritten(api.db);
  return job?.id ?? 0;
}

/** Makes the alert due, its window starting at `from`. */
async function makeDue(id: string, from: Date) {
  await api.db
    .update(alerts)
    .set({ lastDigestAt: from, nextDigestAt: new Date(Date.now() - 1000) })
    .where(eq(alerts.id, id));
}

describe('subscribing', () => {
  it('answers the same whether or not the address is known, and asks for a confirmation by email', async () => {
    const first = await subscribe({ email: 'ada@example.com', title: 'Engineer', workplace: 'Remote' });
    const again = await subscribe({ email: 'ada@example.com', title: 'Engineer', workplace: 'Remote' });
    const other = await subscribe({ email: 'bob@example.com', title: 'Engineer', workplace: 'Remote' });
    const bodies = await Promise.all([first, again, other].map((r) => r.text()));
    expect([first.status, again.status, other.status]).toEqual([202, 202, 202]);
    expect(new Set(bodies).size).toBe(1);
    const [message] = sink.messages;
    expect(message?.subject).toBe('Confirm your job alert (all jobs)');
    expect(message?.text).toContain(
      '  Words searched in the job title: “Engineer”\n  Workplace: Remote\n  Board: all jobs\n',
    );
    expect(message?.contentType).toBe('multipart/alternative');
    expect(message?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(message?.text ?? '', 'confirm')).not.toBe('');
    // The same search again is one alert, not two.
    expect(
      await api.db
        .select()
        .from(alerts)
        .where(eq(alerts.emailHash, emailHash('ada@example.com'))),
    ).toHaveLength(1);
  });

  it('validates with the board schema (the application form’s email rules) and the search’s own rules', async () => {
    const bad = await subscribe({ email: 'not-an-email', frequency: 'hourly', workplace: 'Mars' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      message: 'The alert is not valid',
      detail: {
        email: 'Please enter a valid email address',
        frequency: 'Choose daily or weekly',
        search: 'workplace must be any of Remote, Hybrid, On-site, separated by commas',
      },
    });
    // A search's text is one line: a line break would reach the emails' subjects and bodies.
    for (const fields of [
      { title: 'Engineer\r\nBcc: victim@example.com' } as Record<string, string>,
      { location: 'London\n' },
      { level: 'Senior\tLead' },
      { investor: 'Accel\u2028' },
    ]) {
      const broken = await subscribe({ email: 'ada@example.com', ...fields });
      expect(broken.status, JSON.stringify(fields)).toBe(422);
      expect(((await broken.json()) as { detail: { search: string } }).detail.search).toContain(
        'must not contain control characters or line breaks',
      );
    }
    const unknownBoard = await subscribe({ email: 'ada@example.com', workspace_slug: 'nope' });
    expect(unknownBoard.status).toBe(422);
    expect(sink.messages).toHaveLength(0);
  });

  it('works as a plain HTML form post: a redirect back to the board, or a small page', async () => {
    const form = (fields: Record<string, string>) =>
      api.app.request('/public/alerts/subscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const back = await form({ email: 'cy@example.com', workspace_slug: 'demo', return_to: '/demo?q=Engineer' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('http://localhost:8080/demo?q=Engineer&alert=check-your-inbox');
    const page = await form({ email: 'cy@example.com', return_to: '//evil.example/' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Check your inbox');
    const invalid = await form({ email: 'nope' });
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toContain('Please enter a valid email address');
    await api.alerts.drain();
    expect(sink.messages.map((message) => message.subject).sort()).toEqual([
      'Confirm your job alert (Demo Ventures)',
      'Confirm your job alert (all jobs)',
    ]);
  });

  it('sends at most 3 confirmation emails a day to an address from one client, answering the same', async () => {
    const fromOne = { 'x-test-client': '192.0.2.10' };
    for (const title of ['a', 'b', 'c', 'd', 'e']) {
      expect((await subscribe({ email: 'dee@example.com', title }, fromOne)).status).toBe(202);
    }
    expect(sink.messages).toHaveLength(3);
    expect(
      await api.db
        .select()
        .from(alerts)
        .where(eq(alerts.emailHash, emailHash('dee@example.com'))),
    ).toHaveLength(3);
  });

  it('counts subaddresses, and dots where the provider ignores them, as one mailbox; mails the exact address', async () => {
    const fromOne = { 'x-test-client': '192.0.2.11' };
    for (const email of ['dee+1@example.com', 'dee+2@example.com', 'DEE+3@example.com', 'dee+4@example.com'])
      expect((await subscribe({ email }, fromOne)).status).toBe(202);
    expect(sink.messages.map((message) => message.to)).toEqual([
      ['dee+1@example.com'],
      ['dee+2@example.com'],
      ['DEE+3@example.com'],
    ]);
    sink.messages.length = 0;
    for (const email of ['a.d.a@gmail.com', 'ada+x@googlemail.com', 'A.DA@gmail.com', 'ada@gmail.com'])
      expect((await subscribe({ email }, fromOne)).status).toBe(202);
    expect(sink.messages).toHaveLength(3);
    // Dots make another mailbox elsewhere.
    sink.messages.length = 0;
    for (const email of ['a.d.a@example.org', 'ad.a@example.org', 'ada@example.org', 'a.da@example.org'])
      expect((await subscribe({ email }, fromOne)).status).toBe(202);
    expect(sink.messages).toHaveLength(4);
  });

  it('a stranger’s three subscriptions use up only their own count: the owner’s sign-up and link survive', async () => {
    const owner = { 'x-test-client': '203.0.113.7' };
    const stranger = { 'x-test-client': '198.51.100.66' };
    // The owner asks for an alert, and has its link.
    expect((await subscribe({ email: 'olga@example.com', title: 'Otter' }, owner)).status).toBe(202);
    const link = path(linkIn(sink.messages[0]?.text ?? '', 'confirm'));
    // A stranger sends three: the same alert in another case, and with +tags.
    for (const email of ['OLGA@example.com', 'olga+1@example.com', 'Olga+jobs@Example.com'])
      expect((await subscribe({ email, title: 'Otter' }, stranger)).status).toBe(202);
    // A fourth from the stranger sends nothing (its own count is used up) ...
    expect((await subscribe({ email: 'olga+2@example.com', title: 'Otter' }, stranger)).status).toBe(202);
    expect(sink.messages).toHaveLength(4);
    // ... while the owner's next sign-up the same day still gets its email.
    sink.messages.length = 0;
    expect((await subscribe({ email: 'olga@example.com', title: 'Badger' }, owner)).status).toBe(202);
    expect(sink.messages.map((message) => message.to)).toEqual([['olga@example.com']]);
    // And the owner's first link still confirms: the stranger's re-subscription did not void it.
    const confirmed = await confirmByPost(link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your job alert is on');
  });

  it('a pending alert asked for again is sent the same link, which keeps working until it expires', async () => {
    await subscribe({ email: 'pat@example.com', title: 'Heron' });
    await subscribe({ email: 'PAT@example.com', title: 'Heron' });
    const [first, second] = sink.messages.map((message) => path(linkIn(message.text, 'confirm')));
    expect(sink.messages).toHaveLength(2);
    expect((await confirmByPost(first ?? '')).status).toBe(200);
    // Confirmed once: the other email's link (the same one-time value) is used up.
    expect((await confirmByPost(second ?? '')).status).toBe(400);
    expect(await api.db.select().from(alerts)).toHaveLength(1);
  });

  it('sends at most 10 confirmation emails a day to a mailbox, from all clients together', async () => {
    for (let index = 0; index < 12; index++)
      expect(
        (await subscribe({ email: `quinn+${index}@example.com` }, { 'x-test-client': `198.18.0.${index}` })).status,
      ).toBe(202);
    expect(sink.messages).toHaveLength(10);
  });

  it('refuses a salary value slow to parse (15,800 digits and an `e`) with 422 and the search’s message', async () => {
    const slow = `${'1'.repeat(15_800)}e`;
    const response = await subscribe({ email: 'ray@example.com', salary_min_k: slow });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The alert is not valid',
      detail: { search: 'salary_min_k must be a number (thousands)' },
    });
    expect(sink.messages).toHaveLength(0);
  });

  it('asks for the captcha once a client is past its limit', async () => {
    const fromOne = { 'x-test-client': '192.0.2.1' };
    const send = (fields: Record<string, string>) =>
      api.app.request('/public/alerts/subscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...fromOne },
        body: JSON.stringify(fields),
      });
    for (let index = 0; index < 30; index++) expect((await send({ email: `p${index}@example.com` })).status).toBe(202);
    const limited = await send({ email: 'q@example.com' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ captcha_required: true });
    const token = await api.captchaToken();
    expect((await send({ email: 'q@example.com', recaptcha_token: token })).status).toBe(202);
    // Each token once.
    expect((await send({ email: 'r@example.com', recaptcha_token: token })).status).toBe(429);
  });

  it('never logs an address', async () => {
    await subscribe({ email: 'secret-address@example.com' });
    expect(JSON.stringify(api.logs)).not.toContain('secret-address');
  });
});

describe('confirming', () => {
  it('activates the alert once: a reused, forged or expired link is refused', async () => {
    await subscribe({ email: 'eve@example.com' });
    const link = path(linkIn(sink.messages[0]?.text ?? '', 'confirm'));
    const [pending] = await api.db.select().from(alerts);
    expect(pending?.status).toBe('pending');
    const first = await confirmByPost(link);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Your job alert is on');
    const [active] = await api.db.select().from(alerts);
    expect(active).toMatchObject({ status: 'active', confirmNonce: null });
    expect((await confirmByPost(link)).status).toBe(400);
    expect((await api.app.request(link)).status).toBe(400);
    expect((await confirmByPost(`${link.slice(0, -3)}abc`)).status).toBe(400);
    const unsubscribeToken = linkIn(sink.messages[0]?.text ?? '', 'unsubscribe').split('token=')[1];
    expect((await confirmByPost(`/public/alerts/confirm?token=${unsubscribeToken}`)).status).toBe(400);
  });

  it('opening the link (as a mail scanner does) changes nothing: its page has a Confirm button that POSTs', async () => {
    await subscribe({ email: 'scan@example.com', title: 'Otter' });
    const link = path(linkIn(sink.messages[0]?.text ?? '', 'confirm'));
    for (let index = 0; index < 3; index++) {
      const opened = await api.app.request(link);
      expect(opened.status).toBe(200);
      const page = await opened.text();
      expect(page).toContain('Otter · all jobs');
      expect(page).toMatch(
        /<form method="post" action="\/public\/alerts\/confirm"[^>]*><input type="hidden" name="token" value="[^"]+"><button type="submit">Confirm<\/button><\/form>/,
      );
    }
    const [pending] = await api.db.select().from(alerts);
    expect(pending?.status).toBe('pending');
    // A POST without the link's token (another site's form cannot know it) confirms nothing.
    expect((await formPost('/public/alerts/confirm', {})).status).toBe(400);
    expect((await confirmByPost(link)).status).toBe(200);
  });

  it('sends its pages with no framing, no sniffing and no script', async () => {
    await subscribe({ email: 'frame@example.com' });
    const link = path(linkIn(sink.messages[0]?.text ?? '', 'confirm'));
    for (const response of [
      await api.app.request(link),
      await api.app.request('/public/alerts/confirm?token=forged'),
      await api.app.request(path(linkIn(sink.messages[0]?.text ?? '', 'unsubscribe'))),
    ]) {
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    }
  });

  it('sends nothing but the confirmation before it, and forgets the address after 7 days', async () => {
    await subscribe({ email: 'fay@example.com', title: 'Zebra' });
    const [pending] = await api.db.select().from(alerts);
    await addJob('Zebra keeper', new Date());
    await api.db.update(alerts).set({ nextDigestAt: new Date(0), lastDigestAt: new Date(0) });
    expect(await api.alerts.sendDigests({ since: new Date(0) })).toMatchObject({ digests: 0 });
    expect(sink.messages).toHaveLength(1);
    await api.db
      .update(alerts)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(alerts.id, pending?.id ?? ''));
    expect(await deleteExpiredPending(api.db, new Date(Date.now() - 7 * 24 * 3600 * 1000))).toBe(1);
    expect(await api.db.select().from(alerts)).toHaveLength(0);
    expect(
      await api.db
        .select()
        .from(outbox)
        .where(eq(outbox.alertId, pending?.id ?? '')),
    ).toHaveLength(0);
  });
});

describe('digests', () => {
  it('hold the jobs published since the last digest that match the search, through the board search', async () => {
    const alert = await subscribeAndConfirm('gus@example.com', {
      title: 'Quokka',
      workplace: 'Remote',
      workspace_slug: 'demo',
    });
    const hourAgo = new Date(Date.now() - 3600_000);
    await makeDue(alert.id, hourAgo);
    const match = await addJob('Senior Quokka Engineer', new Date(Date.now() - 60_000), {
      workplaceType: 'Remote',
      salaryMin: 90_000,
      salaryMax: 110_000,
      salaryCurrency: 'EUR',
    });
    await addJob('Quokka Engineer (office)', new Date(Date.now() - 60_000), { workplaceType: 'On-site' });
    await addJob('Quokka Engineer (old)', new Date(Date.now() - 2 * 3600_000), { workplaceType: 'Remote' });
    await addJob('Quokka Engineer (draft)', new Date(Date.now() - 60_000), {
      workplaceType: 'Remote',
      status: 'draft',
    });
    sink.messages.length = 0;
    expect(await api.alerts.sendDigests()).toMatchObject({ alerts: 1, digests: 1, sent: 1 });
    const [digest] = sink.messages;
    expect(digest?.subject).toBe('1 new job for your job alert (Demo Ventures)');
    expect(digest?.text).toContain(
      '  Words searched in the job title: “Quokka”\n  Workplace: Remote\n  Board: Demo Ventures\n',
    );
    expect(digest?.contentType).toBe('multipart/alternative');
    expect(digest?.text).toContain(`Senior Quokka Engineer\n`);
    expect(digest?.text).toContain('90k - 110k EUR');
    expect(digest?.text).toContain(`http://localhost:8080/job/${match}`);
    expect(digest?.text).not.toContain('(office)');
    expect(digest?.text).not.toContain('(old)');
    expect(digest?.text).not.toContain('(draft)');
    expect(digest?.html).toContain('Manage alerts');
    expect(digest?.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost\/public\/alerts\/unsubscribe\?token=/);
    expect(digest?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Not due again until its next period, and nothing new: no email.
    expect(await api.alerts.sendDigests()).toMatchObject({ alerts: 0, digests: 0 });
    await makeDue(alert.id, new Date(Date.now() - 1000));
    expect(await api.alerts.sendDigests()).toMatchObject({ alerts: 1, digests: 0 });
    expect(sink.messages).toHaveLength(1);
    const [after] = await api.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(after?.nextDigestAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('hold at most 20 jobs and link to the board for the rest; --since overrides the window', async () => {
    await subscribeAndConfirm('hal@example.com', { title: 'Axolotl', frequency: 'weekly' });
    for (let index = 0; index < 23; index++) await addJob(`Axolotl tamer ${index}`, new Date(Date.now() - 5 * 60_000));
    sink.messages.length = 0;
    // Not due (weekly, just confirmed), but --since sends now, from that time.
    expect(await api.alerts.sendDigests({ since: new Date(Date.now() - 3600_000) })).toMatchObject({ digests: 1 });
    const [digest] = sink.messages;
    expect(digest?.subject).toBe('20+ new jobs for your job alert (all jobs)');
    expect(digest?.text.match(/http:\/\/localhost:8080\/job\//g)).toHaveLength(20);
    expect(digest?.text).toContain('More new jobs match: http://localhost:8080/?q=Axolotl');
  });

  it('go through the operator endpoint for local or authenticated callers only', async () => {
    await subscribeAndConfirm('ivy@example.com', { title: 'Narwhal' });
    await addJob('Narwhal trainer', new Date(Date.now() - 60_000));
    const call = (headers: Record<string, string>, body: unknown = { since: '2020-01-01' }) =>
      api.app.request('/operator/alerts/send', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await call({ 'x-test-peer': '203.0.113.9' })).status).toBe(403);
    expect((await call({ 'x-test-peer': '127.0.0.1', 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    // A proxy on this machine that is not a trusted one, whatever header it names the client in.
    expect((await call({ forwarded: 'for=203.0.113.9' })).status).toBe(403);
    expect((await call({ 'x-real-ip': '203.0.113.9' })).status).toBe(403);
    // Through a trusted proxy, the client it names decides.
    expect((await call({ 'x-test-peer': '10.0.0.2', 'x-test-client': '203.0.113.9' })).status).toBe(403);
    // A web page's simple POST (text/plain, its Origin) from a local browser.
    expect((await call({ 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await call({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await call({ origin: 'null' })).status).toBe(403);
    expect((await call({ 'x-test-peer': '203.0.113.9', authorization: 'Bearer wrong-token-0123456789' })).status).toBe(
      403,
    );
    expect((await call({}, { since: 'yesterday' })).status).toBe(400);
    const local = await call({});
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ digests: 1, sent: 1 });
    const remote = await call({ 'x-test-peer': '203.0.113.9', authorization: 'Bearer operator-test-token-0123456789' });
    expect(remote.status).toBe(200);
  });
});

describe('unsubscribing and managing', () => {
  it('one-click POST (RFC 8058) deletes the alert, its address and its queued emails; GET only asks', async () => {
    const alert = await subscribeAndConfirm('jo@example.com');
    const link = path(linkIn(sink.messages.at(-1)?.text ?? '', 'unsubscribe'));
    const ask = await api.app.request(link);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await api.db.select().from(alerts)).toHaveLength(1);
    const done = await api.app.request(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await api.db.select().from(alerts)).toHaveLength(0);
    expect(await api.db.select().from(outbox).where(eq(outbox.alertId, alert.id))).toHaveLength(0);
    const rows = await api.db.execute(sql`select count(*)::int as n from alerts where email = 'jo@example.com'`);
    expect(JSON.stringify(rows)).toContain('0');
    expect((await api.app.request(`${link}x`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(
      400,
    );
  });

  it('the manage link lists the address’s alerts and pauses, resumes and deletes each', async () => {
    const first = await subscribeAndConfirm('kai@example.com', { title: 'Designer' });
    const second = await subscribeAndConfirm('kai@example.com', { title: 'Writer', frequency: 'weekly' });
    await subscribeAndConfirm('other@example.com', { title: 'Designer' });
    const manage = path(linkIn(sink.messages.at(-2)?.text ?? '', 'manage'));
    const page = await (await api.app.request(manage)).text();
    expect(page).toContain('Designer · all jobs');
    expect(page).toContain('Writer · all jobs');
    const act = (fields: Record<string, string>) =>
      api.app.request(manage, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const paused = await act({ alert_id: first.id, action: 'pause' });
    expect(paused.status).toBe(303);
    // The way back names the manage link: kept by no cache, told to no next page.
    expect(paused.headers.get('location')).toBe(manage);
    expect(paused.headers.get('cache-control')).toBe('no-store');
    expect(paused.headers.get('referrer-policy')).toBe('no-referrer');
    const status = async (id: string) => (await api.db.select().from(alerts).where(eq(alerts.id, id)))[0]?.status;
    expect(await status(first.id)).toBe('paused');
    await act({ alert_id: first.id, action: 'resume' });
    expect(await status(first.id)).toBe('active');
    await act({ alert_id: second.id, action: 'delete' });
    expect(await status(second.id)).toBeUndefined();
    // Another address's alert cannot be reached from this link.
    const [others] = await api.db
      .select()
      .from(alerts)
      .where(eq(alerts.emailHash, emailHash('other@example.com')));
    await act({ alert_id: others?.id ?? '', action: 'delete' });
    expect(await status(others?.id ?? '')).toBe('active');
    await act({ action: 'delete-all' });
    expect(
      await api.db
        .select()
        .from(alerts)
        .where(eq(alerts.emailHash, emailHash('kai@example.com'))),
    ).toHaveLength(0);
    expect((await api.app.request(`${manage}x`)).status).toBe(400);
  });

  it('the manage link carries a keyed hash of the address, not one anyone can compute', async () => {
    await subscribeAndConfirm('lea@example.com');
    const manage = linkIn(sink.messages.at(-1)?.text ?? '', 'manage');
    const token = new URL(manage).searchParams.get('token') ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { s: string };
    const unkeyed = createHash('sha256').update('lea@example.com').digest('hex');
    expect(claims.s).not.toContain(unkeyed);
    expect(claims.s).toBe(api.alertTokens.addresses.address('lea@example.com'));
    expect(createAlertTokens('another-secret-of-enough-length').addresses.address('lea@example.com')).not.toBe(
      claims.s,
    );
  });

  it('an old manage link (an unkeyed hash) says so; the rows are hashed again and the new links work', async () => {
    const alert = await subscribeAndConfirm('max@example.com');
    const unkeyed = createHash('sha256').update('max@example.com').digest('hex');
    await api.db.update(alerts).set({ emailHash: unkeyed }).where(eq(alerts.id, alert.id));
    const old = await api.app.request(
      `/public/alerts/manage?token=${encodeURIComponent(api.alertTokens.sign('manage', unkeyed))}`,
    );
    expect(old.status).toBe(400);
    expect(await old.text()).toContain('This manage link is from an older email');
    expect(await rekeyAddresses(api.db, api.alertTokens.addresses)).toBe(1);
    expect(await rekeyAddresses(api.db, api.alertTokens.addresses)).toBe(0);
    const fresh = await api.app.request(path(api.alertLinks.manage(emailHash('max@example.com'))));
    expect(await fresh.text()).toContain('· daily · on');
  });
});
