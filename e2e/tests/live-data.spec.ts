import { XMLParser } from 'fast-xml-parser';
import type { SinkMessage } from '../../api/src/mail/mail-sink';
import type { Board } from '../support/board';
import { expect, test } from '../support/test';

/**
 * Jobs that arrive from a company's ATS (here a local server answering as Greenhouse's Job Board
 * API does), through the operator's commands, on the board, its job page, the sitemap and an alert
 * digest; then close: the page answers 410, the form refuses, the job leaves the lists. The board's
 * shell keeps the API's answers and its pages 1 s (`shellCaches: 'short'`), not a deploy's 10 s
 * and 5 s: the test waits for them to expire, not for how long they last.
 */
test.use({ boardOf: 'live-data', shellCaches: 'short' });

const parser = new XMLParser({ isArray: (name) => name === 'url' });

/** Greenhouse's list item for a job, and its own answer (pay in cents). */
function greenhouseJob(id: number, title: string, content: string) {
  const item = {
    id,
    title,
    updated_at: '2026-11-20T10:00:00-05:00',
    location: { name: 'Remote - EU' },
    absolute_url: `https://boards.greenhouse.io/zephyr/jobs/${id}`,
    metadata: [{ id: 1, name: 'Application Deadline', value_type: 'date', value: '2027-01-31' }],
    content,
  };
  return {
    item,
    detail: { ...item, pay_input_ranges: [{ min_cents: 12_000_000, max_cents: 15_000_000, currency_type: 'USD' }] },
  };
}

const escaped = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const jobs = [
  greenhouseJob(
    9101,
    'Zephyr Robotics Engineer',
    escaped(
      '<p>Build <strong>flying robots</strong>.<br>From anywhere in the EU.</p><ul><li>Rust</li><li>Control loops</li></ul>' +
        '<p>Read <a href="https://zephyr.example/blog" onclick="window.__clicked=1">our blog</a>.</p>' +
        '<script>window.__injected = 1</script><img src="https://tracker.example/p.gif" onerror="window.__injected=2">',
    ),
  ),
  greenhouseJob(9102, 'Zephyr Firmware Engineer', escaped('<p>Firmware.</p>')),
  greenhouseJob(9103, 'Zephyr Test Engineer', escaped('<p>Tests.</p>')),
];

function setJobs(board: Board, listed: typeof jobs, name = 'zephyr') {
  board.vendors.setJobs(
    'greenhouse',
    name,
    listed.map((job) => job.item),
    Object.fromEntries(listed.map((job) => [String(job.item.id), job.detail])),
  );
}

async function mailTo(board: Board, address: string, subject: RegExp): Promise<SinkMessage> {
  let found: SinkMessage | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${board.inboxUrl}/email`)).json()) as SinkMessage[];
      found = messages.find((message) => message.to.includes(address) && subject.test(message.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as SinkMessage;
}

/** The job ids the sitemap lists. */
async function sitemapJobs(board: Board): Promise<Map<string, string>> {
  const document = parser.parse(await (await fetch(new URL('/sitemap.xml', board.url))).text());
  const urls = document.urlset.url as { loc: string; lastmod?: string }[];
  return new Map(
    urls.flatMap((url) => {
      const id = /\/job\/(\d+)$/.exec(url.loc)?.[1];
      return id ? [[id, url.lastmod ?? '']] : [];
    }),
  );
}

test.describe('live data from the ATSs', () => {
  test('a job arrives by a sync, on the board, its page, the sitemap and a digest; when it closes its page answers 410 and it leaves the board', async ({
    page,
    visit,
    board,
  }) => {
    // A seeker's alert for this kind of job, confirmed before the job arrives.
    const address = `zephyr-${Date.now()}@example.com`;
    const subscribed = await fetch(`${board.apiUrl}/public/alerts/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address, frequency: 'daily', title: 'Zephyr' }),
    });
    expect(subscribed.status).toBe(202);
    const confirmation = await mailTo(board, address, /^Confirm your job alert/);
    const token = /\/public\/alerts\/confirm\?token=([^\s"<>&]+)/.exec(confirmation.text)?.[1] ?? '';
    const confirmed = await fetch(`${board.apiUrl}/public/alerts/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(confirmed.status).toBe(200);

    // The operator adds the company's board and syncs it, as the README says.
    setJobs(board, jobs);
    const added = await board.sources(
      'add',
      'greenhouse',
      'zephyr',
      '--company',
      'Zephyr Robotics',
      '--workspace',
      'demo',
    );
    expect(added.code).toBe(0);
    const source = added.lines.at(-1) ?? '';
    expect(source).toMatch(/^\d+$/);
    const beforeSync = new Date();
    expect(await board.sources('sync', source)).toEqual({
      code: 0,
      lines: [`${source} greenhouse/zephyr: 3 new, 0 updated, 0 closed, 0 unchanged`],
    });
    const stored = (await board.storedJobs()).filter((job) => job.title.startsWith('Zephyr'));
    const idOf = (title: string) => String(stored.find((job) => job.title === title)?.id);
    const robotics = idOf('Zephyr Robotics Engineer');

    // On the board (its workspace's too), with its pay as a yearly amount.
    await visit('/demo?q=Zephyr');
    const card = page.getByRole('link', { name: /Zephyr Robotics Engineer/ }).first();
    await expect(card).toBeVisible();
    await expect(page.getByText('120k - 150k USD').first()).toBeVisible();

    // Its page: 200, the description as the company wrote it, made safe.
    const response = await page.goto(`/job/${robotics}`);
    expect(response?.status()).toBe(200);
    await visit(`/job/${robotics}`, { heading: 'Zephyr Robotics Engineer' });
    const description = page
      .getByRole('region', { name: 'Job Description' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Job Description' }) }));
    await expect(description.locator('strong', { hasText: 'flying robots' })).toBeVisible();
    await expect(description.getByRole('listitem')).toHaveText(['Rust', 'Control loops']);
    const blog = description.getByRole('link', { name: 'our blog' });
    await expect(blog).toHaveAttribute('href', 'https://zephyr.example/blog');
    await expect(blog).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
    expect(await blog.getAttribute('onclick')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    await expect(description.locator('img, script')).toHaveCount(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ title: 'Zephyr Robotics Engineer', validThrough: '2027-01-31T00:00:00.000Z' });

    // In the sitemap, dated by its last change.
    const listed = await sitemapJobs(board);
    expect(Date.parse(listed.get(robotics) ?? '')).toBeGreaterThanOrEqual(beforeSync.getTime() - 1000);

    // In the seeker's digest: the board saw it today, whatever date its ATS gave.
    const sent = await fetch(`${board.apiUrl}/operator/alerts/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ since: new Date(beforeSync.getTime() - 1000).toISOString() }),
    });
    expect(sent.status).toBe(200);
    const digest = await mailTo(board, address, /new jobs? for your job alert/);
    expect(digest.subject).toBe('3 new jobs for your job alert (all jobs)');
    expect(digest.text).toContain(`${board.config.siteUrl}/job/${robotics}`);

    // The job closes at the company (two of three stay open): the next sync closes it.
    setJobs(board, jobs.slice(1));
    expect((await board.sources('sync', source)).lines).toEqual([
      `${source} greenhouse/zephyr: 0 new, 0 updated, 1 closed, 2 unchanged`,
    ]);
    // Its page answers 410 once the shell's caches of it expire (the kept page and the API's answer).
    await expect.poll(async () => (await page.goto(`/job/${robotics}`))?.status()).toBe(410);
    await visit(`/job/${robotics}`, { heading: 'Zephyr Robotics Engineer' });
    await expect(page.getByText('This job is closed')).toBeVisible();
    await expect(page.getByText('Zephyr Robotics is no longer taking applications for this role.')).toBeVisible();
    await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get job alerts' })).toBeVisible();
    await page.getByRole('link', { name: 'Open jobs at Zephyr Robotics' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Zephyr Robotics/);
    await expect(page.getByRole('link', { name: /Zephyr Firmware Engineer/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Zephyr Robotics Engineer/ })).toHaveCount(0);

    // Its form says it is closed, instead of the form.
    const apply = await page.goto(`/job/${robotics}/apply`);
    expect(apply?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'This job is closed' })).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveCount(0);

    // It leaves the board at the next cache expiry.
    await expect
      .poll(async () => {
        await page.goto('/demo?q=Zephyr');
        return page.getByRole('link', { name: /Zephyr Robotics Engineer/ }).count();
      })
      .toBe(0);
    // (The sitemap reads the API's crawler listing, which drops a closed job at once: the API's test
    // shows it; here it would only wait out the shell's 30 s cache of that listing.)

    // Without JavaScript, the closed page is the same page, and the same status.
    const noScript = await page.context().browser()?.newContext({ javaScriptEnabled: false });
    const plain = await noScript?.newPage();
    const plainResponse = await plain?.goto(new URL(`/job/${robotics}`, board.url).href);
    expect(plainResponse?.status()).toBe(410);
    await expect(plain?.getByText('This job is closed') ?? page.locator('never')).toBeVisible();
    await expect(plain?.getByRole('link', { name: 'Similar jobs' }) ?? page.locator('never')).toHaveAttribute(
      'href',
      '/?q=Zephyr+Robotics+Engineer',
    );
    await noScript?.close();
  });

  test('an application sent after its job closed is refused with a clear message, and the form keeps what was typed', async ({
    page,
    visit,
    board,
    guard,
  }) => {
    // The API's refusal, which Chromium reports as a failed resource.
    guard.allowConsoleErrors(/status of 410 .*\/public\/job-application\//);
    // A company of its own, so this test stands alone.
    const listed = [
      greenhouseJob(9201, 'Zephyr Avionics Engineer', escaped('<p>Avionics.</p>')),
      greenhouseJob(9202, 'Zephyr Hardware Engineer', escaped('<p>Hardware.</p>')),
    ];
    setJobs(board, listed, 'zephyr-firmware');
    const source = (await board.sources('add', 'greenhouse', 'zephyr-firmware')).lines.at(-1) ?? '';
    expect((await board.sources('sync', source)).code).toBe(0);
    const avionics = String((await board.storedJobs()).find((job) => job.title === 'Zephyr Avionics Engineer')?.id);
    await visit(`/job/${avionics}/apply`);
    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByLabel(/^E-mail/).fill('ada@example.com');
    await page.getByLabel(/^LinkedIn URL/).fill('https://www.linkedin.com/in/ada');
    await page.getByLabel(/^Resume/).setInputFiles({
      name: 'ada-cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await page.getByLabel(/^Salary expectations/).fill('$80,000 - $100,000');
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    const question = (await page.getByText(/Prove you are human: What is \d+ \+ \d+\?/).textContent()) ?? '';
    const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question) ?? [];
    await page.getByLabel(/Prove you are human/).fill(String(Number(a) + Number(b)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Verified. You can submit your application.')).toBeVisible();

    // Meanwhile the company closes the job (one of its two), and the board syncs.
    setJobs(board, listed.slice(1), 'zephyr-firmware');
    expect((await board.sources('sync', source)).lines).toEqual([
      `${source} greenhouse/zephyr-firmware: 0 new, 0 updated, 1 closed, 1 unchanged`,
    ]);
    const before = (await board.applications()).length;
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(
      page.getByText('This job has closed and no longer takes applications. Nothing was sent.'),
    ).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel(/^Salary expectations/)).toHaveValue('$80,000 - $100,000');
    expect(await board.applications()).toHaveLength(before);
  });
});
