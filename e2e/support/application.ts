import { expect, type Page } from '@playwright/test';

/** A candidate's application as a person fills it in (the apply suites). */

/** A real one-page PDF, as a file chooser would hand it over. */
export function pdf(name = 'ada-lovelace-cv.pdf') {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
    '4 0 obj << /Length 44 >> stream',
    'BT /F1 24 Tf 72 720 Td (Ada Lovelace) Tj ET',
    'endstream endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

export async function fillRequired(page: Page) {
  await page.getByLabel(/^Name/).fill('Ada Lovelace');
  await page.getByLabel(/^E-mail/).fill('ada@example.com');
  await page.getByLabel(/^LinkedIn URL/).fill('https://www.linkedin.com/in/ada');
  await page.getByLabel(/^Resume/).setInputFiles(pdf());
  await expect(page.getByText('ada-lovelace-cv.pdf')).toBeVisible();
  await page.getByLabel(/^Salary expectations/).fill('$80,000 - $100,000');
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
}

/** Answers the local captcha the way a person would: reads the question, types the sum. */
export async function solveLocalCaptcha(page: Page) {
  const label = page.getByLabel(/Prove you are human/);
  await expect(label).toBeEnabled();
  const question = (await page.getByText(/Prove you are human: What is \d+ \+ \d+\?/).textContent()) ?? '';
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question) ?? [];
  await label.fill(String(Number(a) + Number(b)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verified. You can submit your application.')).toBeVisible();
}
