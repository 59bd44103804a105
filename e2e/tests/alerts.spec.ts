import type { SinkMessage } from '../../api/src/mail/mail-sink';
import type { Board } from '../support/board';
import { expect, expectAccessible, test } from '../support/test';

async function messagesTo(board: Board, address: string): Promise<SinkMessage[]> {
  const response = await fetch(`${board.inboxUrl}/email`);
  expect(response.status).toBe(200);
  const messages = (await response.json()) as SinkMessage[];
  return messages.filter((message) => message.to.includes(address));
}

/** Waits for the one message to the address whose subject matches (emails are sent by the API's outbox). */
async function mailTo(board: Board, address: string, subject: RegExp): Promise<SinkMessage> {
  let found: SinkMessage | undefined;
  await expect
    .poll(async () => {
      found = (await messagesTo(board, address)).find((message) => subject.test(message.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as SinkMessage;
}

/** The operator's digest run, as `alerts:send --since` sends it (loopback is allowed in test runs). */
async function sendDigests(board: Board, since: Date) {
  const response = await fetch(`${board.apiUrl}/operator/alerts/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ since: since.toISOString() }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { alerts: number; digests: number; sent: number; failed: number };
}

/** Every email is multipart with the one-click unsubscribe headers (RFC 8058). */
function expectListHeaders(message: SinkMessage): string {
  expect(message.contentType).toMatch(/^multipart\/alternative/);
  expect(message.text).not.toBe('');
  expect(message.html).not.toBe('');
  expect(message.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = /<(https?:[^>]+)>/.exec(message.headers['list-unsubscribe'] ?? '')?.[1];
  expect(unsubscribe, 'an http(s) List-Unsubscribe address').toBeDefined();
  return unsubscribe as string;
}

test.describe('job alerts', () => {
  test('a seeker subscribes from a filtered board, confirms, gets a digest and unsubscribes in one click', async ({
    page,
    visit,
    board,
  }) => {
    const address = `alerts-${Date.now()}@example.com`;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await visit('/?q=engineer&workplace=Remote');
    await page.waitForLoadState('networkidle');
    // The interactive form (its schema, the captcha's code) is not part of the board's first view.
    expect(scripts.filter((url) => url.includes('/alert-form.'))).toEqual([]);

    const control = page.getByRole('button', { name: 'Get job alerts' });
    await control.click();
    const dialog = page.getByRole('dialog', { name: 'Get job alerts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByText('engineer · Remote · all jobs')).toBeVisible();
    expect(scripts.filter((url) => url.includes('/alert-form.'))).toHaveLength(1);

    // The shared schema's answer on the field, before anything is sent.
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await messagesTo(board, 'not-an-address')).toEqual([]);

    await dialog.getByLabel('Email').fill(address);
    await dialog.getByLabel('How often').selectOption('weekly');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Check your inbox/);
    await expect(page.getByText('Check your inbox to confirm your job alert.')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(control).toBeFocused();

    // The confirmation, read through the inbox's HTTP API.
    const confirmation = await mailTo(board, address, /^Confirm your job alert \(all jobs\)$/);
    expectListHeaders(confirmation);
    // What was typed is quoted as the words searched for, never in the subject.
    expect(confirmation.text).toContain('  Words searched in the job title: “engineer”\n  Workplace: Remote\n');
    const confirmLink = /(https?:\/\/\S+\/public\/alerts\/confirm\?token=[^\s"<>]+)/.exec(confirmation.text)?.[1];
    expect(confirmLink, 'a confirm link in the text part').toBeDefined();
    // Nothing but the confirmation before it is followed.
    expect(await sendDigests(board, new Date(Date.now() - 365 * 86_400_000))).toMatchObject({ digests: 0 });
    expect(await messagesTo(board, address)).toHaveLength(1);

    // Opening the link only asks (a mail scanner that follows it confirms nothing); the button does.
    await page.goto(confirmLink as string);
    await expect(page.getByRole('heading', { name: 'Confirm your job alert' })).toBeVisible();
    expect(await sendDigests(board, new Date(Date.now() - 365 * 86_400_000))).toMatchObject({ digests: 0 });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: /Your job alert is on/ })).toBeVisible();

    // The jobs the board's search finds are the digest's (the demo data's dates are within a year).
    const search = new URL('/public-job-posting', board.apiUrl);
    search.search = new URLSearchParams({ title: 'engineer', workplace: 'Remote', limit: '20' }).toString();
    const { jobs } = (await (await fetch(search)).json()) as { jobs: { id: number; title: string }[] };
    expect(jobs.length).toBeGreaterThan(0);

    const run = await sendDigests(board, new Date(Date.now() - 365 * 86_400_000));
    expect(run.digests).toBe(1);
    expect(run.failed).toBe(0);
    const digest = await mailTo(board, address, /new jobs? for your job alert \(all jobs\)$/);
    expect(digest.text).toContain('  Words searched in the job title: “engineer”\n');
    const unsubscribe = expectListHeaders(digest);
    for (const job of jobs) {
      expect(digest.text).toContain(job.title);
      expect(digest.text).toContain(`${board.url}/job/${job.id}`);
    }
    expect(digest.html).toMatch(/unsubscribe/i);

    // One-click unsubscribe, as a mail client sends it.
    const answer = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    const received = (await messagesTo(board, address)).length;
    expect(await sendDigests(board, new Date(Date.now() - 365 * 86_400_000))).toMatchObject({ digests: 0, sent: 0 });
    expect(await messagesTo(board, address)).toHaveLength(received);
  });

  test('without JavaScript the plain form subscribes and comes back to the board with a notice', async ({
    browser,
    board,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: board.url });
    const page = await context.newPage();
    const address = `no-script-${Date.now()}@example.com`;
    await page.goto('/?q=designer');
    await page.getByText('Get job alerts').click();
    await expect(page.getByText('designer · all jobs')).toBeVisible();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('How often').selectOption('daily');
    await page.getByRole('button', { name: 'Create alert' }).click();

    await expect(page).toHaveURL(/\/\?q=designer&alert=check-your-inbox$/);
    await expect(page.getByText('Check your inbox: we sent you a link to confirm your job alert.')).toBeVisible();
    const confirmation = await mailTo(board, address, /^Confirm your job alert \(all jobs\)$/);
    expect(confirmation.text).toContain('  Words searched in the job title: “designer”\n');
    await context.close();
  });
});
