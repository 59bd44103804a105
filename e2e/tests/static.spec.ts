import { expect, test } from '../support/test';

test('the legal page carries every fact of SPEC section 9 and its contents link to the sections', async ({
  page,
  visit,
}) => {
  await visit('/terms-of-service', { heading: 'Terms of Service and Privacy Policy' });
  const article = page.locator('article');
  for (const fact of [
    'Effective date: 11/09/2025',
    'at least 16 years old',
    'up to 36 months from your last activity',
    'we answer data requests within 30 days',
    'within 72 hours',
    'limited to 100 GBP',
    'Candidates are not charged',
    'paid for by employers',
  ]) {
    await expect(article).toContainText(fact);
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Part A: Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Part B: Privacy Policy' })).toBeVisible();

  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: '6. How long we keep it' }).click();
  await expect(page).toHaveURL(/#privacy-retention$/);
  await expect(page.getByRole('heading', { level: 3, name: '6. How long we keep it' })).toBeInViewport();
});

test('talent scout: greeting, one canned reply after about a second, and nothing sent anywhere', async ({
  page,
  visit,
}) => {
  await visit('/talent-scout', { heading: 'Talent Scout' });
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Talent Scout AI');
  await expect(log.getByRole('listitem')).toHaveCount(1);

  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));

  await page.getByRole('complementary', { name: 'Suggested job titles' }).getByRole('button').first().click();
  await expect(page.getByLabel('Your message')).toHaveValue('Software Engineer');
  const sentAt = Date.now();
  await page.getByLabel('Your message').press('Enter');
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByRole('listitem').nth(1)).toContainText('Software Engineer');
  await expect(log.getByRole('listitem')).toHaveCount(3);
  const elapsed = Date.now() - sentAt;
  expect(elapsed).toBeGreaterThanOrEqual(900);
  await expect(log.getByRole('listitem').nth(2)).toContainText("I'm still in training");

  await page.getByLabel('Your message').fill('Anything in Berlin?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(5);
  await expect(log.getByText("I'm still in training", { exact: false })).toHaveCount(2);

  expect(requests).toEqual([]);
});

test('unknown paths, nested ones included, show the 404 page with Go Home', async ({ page, visit }) => {
  for (const path of ['/a/b/c', '/job/1/apply/success/extra', '/companies/1/anything']) {
    await visit(path, { heading: 'Page Not Found' });
    await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found/);
  }
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find your dream job' })).toBeVisible();
});
