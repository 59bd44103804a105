import { chromium } from '@playwright/test';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const url = process.argv[2];
const out = process.argv[3];
const width = Number(process.argv[4] ?? 1280);
const page = await browser.newPage({ viewport: { width, height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('requestfailed', (r) => console.log('reqfailed', r.url()));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.WAIT ?? 2000));
console.log('title:', await page.title());
await page.screenshot({ path: out, fullPage: process.argv[5] === 'full' });
await browser.close();
