import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { applications } from '../../api/src/db/application-tables';
import { failResumeWrites, restoreResumeWrites } from '../../api/src/test/resume-write-failure';
import { findJob } from '../support/api';
import { fillRequired, pdf, solveLocalCaptcha } from '../support/application';
import { startMemoryApi } from '../support/memory-api';
import { expect, expectAccessible, test } from '../support/test';

/**
 * The multipart body with one field's value replaced: a submit the browser sent, changed on its
 * way to the real API the way a forged or broken client would send it.
 */
function withField(body: Buffer, name: string, value: string | Buffer): Buffer {
  const header = body.indexOf(`name="${name}"`);
  const start = body.indexOf('\r\n\r\n', header) + 4;
  const end = body.indexOf('\r\n--', start);
  if (header === -1 || start < 4 || end === -1) throw new Error(`No field ${name} in the submitted form`);
  return Buffer.concat([body.subarray(0, start), Buffer.from(value), body.subarray(end)]);
}

test.describe('application form', () => {
  test('a candidate applies end to end; the API stores exactly what was sent', { tag: '@spec-api' }, async ({
    page,
    visit,
    board,
  }) => {
    const job = await findJob(board, (candidate) => (candidate.application_url ?? '').startsWith('/job/'));
    const jobRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/public-job-posting/${job.id}?`)) jobRequests.push(request.url());
    });
    await visit(`/job/${job.id}`, { heading: job.title });
    await page.getByRole('link', { name: 'Apply for this position' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(job.title) })).toBeVisible();
    // The detail page came with its job (rendered on the server) and the apply page reuses it.
    expect(jobRequests, 'the apply page reuses the job the detail page had').toEqual([]);
    await expectAccessible(page);

    await fillRequired(page);
    await page.getByLabel(/^Phone/).fill('+44 20 7946 0000');
    await page.getByLabel(/^GitHub URL/).fill('https://github.com/ada');
    await page.getByLabel('Why this role is interesting for you.').fill('Engines that weave algebra.');
    await solveLocalCaptcha(page);
    const before = (await board.applications()).length;
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(page).toHaveURL(`${board.url}/job/${job.id}/apply/success`);
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted Successfully!' })).toBeVisible();
    await expect(page.getByText('Application submitted successfully!', { exact: true })).toBeVisible();
    await expect(
      page.getByText("Thank you for your interest. We've received your application and will review it carefully."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Job Details' })).toHaveAttribute('href', `/job/${job.id}`);
    await expect(page.getByRole('link', { name: 'Browse More Jobs' })).toHaveAttribute('href', '/');
    await expectAccessible(page);

    const stored = (await board.applications()).slice(before);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      // The job as the board's API spells it, sent back in call 6 and stored by ours.
      jobPostingId: board.storedJobId(job.id),
      applicationSource: 'foundry_job_board',
      talentPartnerUserId: null,
      candidateName: 'Ada Lovelace',
      candidateEmail: 'ada@example.com',
      candidateLinkedinUrl: 'https://www.linkedin.com/in/ada',
      candidateSalaryExpectations: '$80,000 - $100,000',
      candidateMotivation: 'Engines that weave algebra.',
      candidatePhone: '+44 20 7946 0000',
      candidateGithubUrl: 'https://github.com/ada',
      candidatePortfolioUrl: null,
      candidateAdditionalInfo: null,
      resumeSize: pdf().buffer.byteLength,
      resumeType: 'application/pdf',
    });
    // Kept under a name of the API's, not the one the candidate's file had.
    expect(stored[0]?.resumeName).toBe(`${stored[0]?.id}.pdf`);

    // The draft was cleared: the form is empty on return.
    await page.goto(`/job/${job.id}/apply`);
    await expect(page.getByLabel(/^Name/)).toHaveValue('');
  });

  test('a talent partner applies for a candidate through their link', { tag: '@spec-api' }, async ({
    page,
    visit,
    board,
  }) => {
    const job = await findJob(board, (candidate) => (candidate.application_url ?? '').startsWith('/job/'));
    await visit(`/job/${job.id}/apply?talent_partner_id=tp-77&application_source=partner_portal`, {
      heading: new RegExp(job.title),
    });
    await expect(page.getByLabel('Talent Partner ID')).toHaveValue('tp-77');
    await expect(page.getByText('This application will be submitted as a talent partner.')).toBeVisible();
    await fillRequired(page);
    await solveLocalCaptcha(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/apply\/success$/);
    const last = (await board.applications()).at(-1);
    expect(last).toMatchObject({
      talentPartnerUserId: 'tp-77',
      applicationSource: 'partner_portal',
      candidateName: 'Ada Lovelace',
    });
  });

  test('each failed submit shows the spec message, resets the captcha, and keeps what was typed', {
    tag: '@spec-api',
  }, async ({ page, visit, board, guard }) => {
    guard.allowConsoleErrors(/Failed to load resource|ERR_FAILED|ERR_CONNECTION_REFUSED/);
    const job = await findJob(board, () => true);
    const before = (await board.applications()).length;
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    await fillRequired(page);
    const submitUrl = `${board.config.apiBaseUrl}/public/job-application/`;
    // 400, 404 and 413 are the real API's answers to a submit changed on its way (a forged token,
    // a job that is not on the board, a resume over 10 MB); 422 is its answer to a file that is
    // called a PDF but is not one. Only what the API cannot be made to do here is faked: a 5xx
    // and a dropped connection.
    const cases: [string, Parameters<Page['route']>[1], string][] = [
      [
        '400',
        (route) =>
          route.continue({
            postData: withField(route.request().postDataBuffer() ?? Buffer.alloc(0), 'recaptcha_token', 'forged'),
          }),
        'The security verification failed or expired. Please complete it again.',
      ],
      [
        '404',
        (route) =>
          route.continue({
            postData: withField(route.request().postDataBuffer() ?? Buffer.alloc(0), 'job_posting_id', '999999'),
          }),
        'Job posting not found. Please try again.',
      ],
      [
        '413',
        (route) =>
          route.continue({
            postData: withField(
              route.request().postDataBuffer() ?? Buffer.alloc(0),
              'candidate_resume',
              Buffer.alloc(11 * 1024 * 1024, 0x20),
            ),
          }),
        'File size too large. Please upload a smaller resume.',
      ],
      ['422', (route) => route.continue(), 'The form data are not correct. Please check your inputs.'],
      [
        '500',
        (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
        'An error occurred. Please try again later.',
      ],
      [
        'down',
        (route) => route.abort('connectionrefused'),
        'Failed to submit application. Please check your connection and try again.',
      ],
    ];
    for (const [status, answer, message] of cases) {
      await page.unroute(submitUrl);
      await page.route(submitUrl, answer);
      if (status === '422') {
        await page
          .getByLabel(/^Resume/)
          .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF') });
      }
      await solveLocalCaptcha(page);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByText(message, { exact: true }).last()).toBeVisible();
      // The captcha was reset: a new question, no token.
      await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
      await expect(page.getByLabel(/^Name/)).toHaveValue('Ada Lovelace');
      if (status === '422') {
        // The answer's detail, under its field.
        await expect(page.getByLabel(/^Resume/)).toHaveAccessibleDescription('Only PDF files are allowed');
        await page.getByLabel(/^Resume/).setInputFiles(pdf());
      }
    }
    expect(page.url()).toMatch(/\/apply$/);
    expect(await board.applications(), 'nothing was stored').toHaveLength(before);
  });

  test('when the API cannot store the resume: the 5xx message, nothing stored, the draft kept; then one submit stores one', async ({
    page,
    board,
    guard,
  }) => {
    // The real API, on a database that refuses resume writes (as a full disk does): a real 503, not a mocked one.
    guard.allowConsoleErrors(/status of 503/);
    const api = await startMemoryApi(board.url);
    const saved = board.config;
    board.config = { ...saved, apiBaseUrl: api.url };
    try {
      const jobs = (await (await fetch(`${api.url}/public-job-posting`)).json()) as {
        jobs: { id: number; title: string }[];
      };
      const job = jobs.jobs[0];
      await failResumeWrites(api.db);
      await page.goto(`/job/${job?.id}/apply`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(job?.title ?? '') })).toBeVisible();
      await fillRequired(page);
      await page.getByLabel('Why this role is interesting for you.').fill('Engines that weave algebra.');
      await solveLocalCaptcha(page);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByText('An error occurred. Please try again later.', { exact: true })).toBeVisible();
      expect(await api.db.select().from(applications)).toEqual([]);

      // The candidate comes back later: everything typed is still there.
      await page.reload();
      await expect(page.getByLabel(/^Name/)).toHaveValue('Ada Lovelace');
      await expect(page.getByLabel('Why this role is interesting for you.')).toHaveValue('Engines that weave algebra.');
      await expect(page.getByText('previously selected: ada-lovelace-cv.pdf, attach it again')).toBeVisible();

      await restoreResumeWrites(api.db);
      await page.getByLabel(/^Resume/).setInputFiles(pdf());
      await solveLocalCaptcha(page);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page).toHaveURL(/\/apply\/success$/);
      const stored = await api.db.select().from(applications);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        candidateName: 'Ada Lovelace',
        candidateMotivation: 'Engines that weave algebra.',
      });
    } finally {
      board.config = saved;
      await api.close();
    }
  });

  test('a double click sends one request, and the button says Submitting...', async ({ page, visit, board }) => {
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    await fillRequired(page);
    await solveLocalCaptcha(page);
    const before = (await board.applications()).length;
    let posts = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Held on its way so the button's state can be seen; then it goes on to the real API.
    await page.route(`${board.config.apiBaseUrl}/public/job-application/`, async (route) => {
      posts++;
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Application' }).dblclick();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/apply\/success$/);
    expect(posts).toBe(1);
    expect(await board.applications()).toHaveLength(before + 1);
  });

  test('nothing typed is lost on a reload: the draft comes back, the resume by name', { tag: '@spec-api' }, async ({
    page,
    visit,
    board,
  }) => {
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    await fillRequired(page);
    await page
      .getByLabel('Any additional information and questions you would like to ask us!')
      .fill('Can I work from Lisbon?');
    // The draft is saved a moment after the last keystroke: wait for it, then reload.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `board:application-draft:${job.id}`))
      .toContain('Can I work from Lisbon?');
    await page.reload();
    await expect(page.getByLabel(/^Name/)).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel(/^Salary expectations/)).toHaveValue('$80,000 - $100,000');
    await expect(page.getByLabel('Any additional information and questions you would like to ask us!')).toHaveValue(
      'Can I work from Lisbon?',
    );
    await expect(page.getByRole('checkbox', { name: /I accept/ })).toBeChecked();
    await expect(page.getByText('previously selected: ada-lovelace-cv.pdf, attach it again')).toBeVisible();
  });

  test('an 11 MB file and a non-PDF are refused before any request', async ({ page, visit, board }) => {
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    const resume = page.getByLabel(/^Resume/);
    await resume.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(11 * 1024 * 1024, 0x20),
    });
    await expect(page.getByText('File size must be less than 10MB')).toBeVisible();
    await resume.setInputFiles({
      name: 'cv.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK'),
    });
    await expect(page.getByText('Only PDF files are allowed')).toBeVisible();
    await expect(page.getByText('huge.pdf')).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Resume is required')).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toBeFocused();
    expect(posts).toEqual([]);
  });

  test('the drop zone lights up while a file is dragged over it and takes the dropped PDF', async ({
    page,
    visit,
    board,
  }) => {
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    const zone = page.locator('label[data-dragging]');
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['%PDF-1.4\n%%EOF'], 'dropped.pdf', { type: 'application/pdf' }));
      return data;
    });
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await expect(zone).toContainText('Drop your resume here');
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(zone).toHaveAttribute('data-dragging', 'false');
    await expect(zone).toContainText('dropped.pdf');
  });

  test('a missing job shows Job Not Found, on the form and on the confirmation', { tag: '@spec-api' }, async ({
    page,
    visit,
    guard,
  }) => {
    guard.allowConsoleErrors(/status of 404 .*999999/);
    await visit('/job/999999/apply', { heading: 'Job Not Found' });
    await expect(page.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/');
    await visit('/job/999999/apply/success', { heading: 'Job Not Found' });
  });
});

test.describe('mobile at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the form fits the screen', async ({ page, visit, board }) => {
    const job = await findJob(board, () => true);
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
  });
});

test('with the real react-google-recaptcha widget (provider script stubbed), the API verifies the token', async ({
  page,
  board,
}) => {
  // A stand-in for Google's siteverify: only the token the stub widget issues is valid.
  const siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const params = new URLSearchParams(body);
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({ success: params.get('secret') === 'test-secret' && params.get('response') === 'stub-token' }),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
  const api = await startMemoryApi(board.url, {
    CAPTCHA_MODE: 'recaptcha',
    RECAPTCHA_SECRET: 'test-secret',
    RECAPTCHA_VERIFY_URL: verifyUrl,
  });
  const saved = board.config;
  board.config = { ...saved, apiBaseUrl: api.url, captcha: { mode: 'recaptcha', siteKey: 'test-site-key' } };
  try {
    await page.route('https://www.google.com/recaptcha/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `(function () {
          window.grecaptcha = {
            render: function (element, params) {
              var label = document.createElement('label');
              var box = document.createElement('input');
              box.type = 'checkbox';
              box.addEventListener('change', function () { if (box.checked) params.callback('stub-token'); });
              label.appendChild(box);
              label.appendChild(document.createTextNode(" I'm not a robot"));
              element.appendChild(label);
              window.__stubSiteKey = params.sitekey;
              return 0;
            },
            reset: function () { document.querySelectorAll('input[type=checkbox]').forEach(function (b) { if (b.parentNode.textContent.indexOf('robot') > 0) b.checked = false; }); },
            getResponse: function () { return ''; },
            execute: function () {}
          };
          var match = /onload=([^&]+)/.exec(document.currentScript.src);
          // Like Google's script: the onload callback runs after the script has finished loading.
          if (match) setTimeout(function () { window[match[1]](); }, 0);
        })();`,
      }),
    );
    const jobs = (await (await fetch(`${api.url}/public-job-posting`)).json()) as {
      jobs: { id: number; title: string }[];
    };
    const job = jobs.jobs[0];
    await page.goto(`/job/${job?.id}/apply`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(job?.title ?? '') })).toBeVisible();
    await fillRequired(page);
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    expect(await page.evaluate(() => (window as unknown as { __stubSiteKey: string }).__stubSiteKey)).toBe(
      'test-site-key',
    );
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/apply\/success$/);
    const stored = await api.db.query.applications.findMany();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ candidateName: 'Ada Lovelace', jobPostingId: job?.id });
  } finally {
    board.config = saved;
    await api.close();
    siteverify.close();
  }
});
