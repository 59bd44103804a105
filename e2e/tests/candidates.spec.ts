import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import type { SinkMessage } from '../../api/src/mail/mail-sink';
import { findJob } from '../support/api';
import { fillRequired, pdf, solveLocalCaptcha } from '../support/application';
import type { Board } from '../support/board';
import { expect, expectAccessible, test } from '../support/test';

async function messagesTo(board: Board, address: string): Promise<SinkMessage[]> {
  const messages = (await (await fetch(`${board.inboxUrl}/email`)).json()) as SinkMessage[];
  return messages.filter((message) => message.to.includes(address));
}

async function saved(download: Download): Promise<Buffer> {
  return readFile((await download.path()) ?? '');
}

test.describe('candidates', () => {
  test('an application through the form: one receipt, its link shows and downloads what was sent, withdraw deletes it, a changed link finds nothing', async ({
    page,
    browser,
    visit,
    board,
  }) => {
    const address = `candidate-${Date.now()}@example.com`;
    const job = await findJob(board, (candidate) => (candidate.application_url ?? '').startsWith('/job/'));
    await visit(`/job/${job.id}/apply`, { heading: new RegExp(job.title) });
    await fillRequired(page);
    await page.getByLabel(/^E-mail/).fill(address);
    await page.getByLabel('Why this role is interesting for you.').fill('Engines that weave\nalgebraic patterns.');
    await solveLocalCaptcha(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted Successfully!' })).toBeVisible();

    // One receipt in the local inbox, sent by the API's outbox.
    await expect.poll(async () => (await messagesTo(board, address)).length).toBe(1);
    const [receipt] = await messagesTo(board, address);
    expect(receipt?.subject).toBe(`Your application to ${job.title} at ${job.organization_name}`);
    expect(receipt?.text).toContain(`  Resume: ada-lovelace-cv.pdf (PDF, ${pdf().buffer.byteLength} bytes)\n`);
    expect(receipt?.text).toContain(
      '  Why this role is interesting for you:\n    Engines that weave\n    algebraic patterns.',
    );
    const link = /(https?:\/\/\S+\/public\/my-application\?token=\S+)/.exec(receipt?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');

    // The link: what was sent, accessible, on a phone too.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
    const sent = page.getByRole('region', { name: 'What you sent' });
    for (const value of ['Ada Lovelace', address, 'https://www.linkedin.com/in/ada', '$80,000 - $100,000'])
      await expect(sent.getByText(value, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('candidate-page-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    const [resume] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my resume' }).click(),
    ]);
    expect((await saved(resume)).equals(pdf().buffer)).toBe(true);
    const [data] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(data.suggestedFilename()).toMatch(/^application-[0-9a-f-]{36}\.json$/);
    const held = JSON.parse((await saved(data)).toString('utf8'));
    expect(held.application).toMatchObject({
      candidate_name: 'Ada Lovelace',
      candidate_email: address,
      // As the browser sent it: a form's line breaks are CRLF.
      candidate_motivation: expect.stringMatching(/^Engines that weave\r?\nalgebraic patterns\.$/),
      job: { title: job.title, company: job.organization_name },
    });
    expect(Buffer.from(held.application.resume.content_base64, 'base64').equals(pdf().buffer)).toBe(true);
    const id = held.application.id as string;
    expect((await board.applications()).map((row) => row.id)).toContain(id);

    // Withdraw, without JavaScript: the page asks once, its POST deletes, the link says so.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(link);
    await noScript.getByRole('button', { name: 'Withdraw and delete' }).click();
    await expect(noScript.getByRole('heading', { name: 'Withdraw and delete your application?' })).toBeVisible();
    expect((await board.applications()).map((row) => row.id)).toContain(id);
    await noScript.getByRole('button', { name: 'Withdraw and delete' }).click();
    await expect(noScript.getByRole('heading', { name: 'Application withdrawn and deleted' })).toBeVisible();
    // The page it lands on carries no token (the history keeps no second copy of the link)...
    expect(noScript.url()).toBe(new URL('/public/my-application/withdrawn', link).href);
    // ...and the link itself now says the application was withdrawn.
    await noScript.goto(link);
    await expect(noScript.getByRole('heading', { name: 'Application withdrawn and deleted' })).toBeVisible();
    expect((await board.applications()).map((row) => row.id)).not.toContain(id);
    await plain.close();

    // A changed link is a plain not found.
    const token = new URL(link).searchParams.get('token') ?? '';
    const changed = new URL(link);
    changed.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const answer = await page.goto(changed.href);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByText('There is nothing at this address.', { exact: true })).toBeVisible();
    await expect(page.locator('body > *')).toHaveCount(2);
  });
});
