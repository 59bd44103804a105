/**
 * `pnpm --filter @board/e2e bytes` (after `pnpm build`): the scripts each of `/`, a job and its
 * apply page downloads, file by file, on the board and built as one bundle, with the ratio the
 * bench reports. What decision 004's steps were measured with.
 */
import './production-mode';
import { type Browser, chromium } from '@playwright/test';
import { Board } from '../support/board';
import { chromiumLaunchOptions } from '../support/chromium';
import { measureBytes, singleBundleSite } from './bytes';

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);

async function scripts(browser: Browser, url: string) {
  const bytes = await measureBytes(browser, url);
  return { total: bytes.jsGzip, files: bytes.files.filter((file) => file.type === 'script') };
}

const board = await Board.start();
const single = await singleBundleSite();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const pages = ['/', '/job/1', '/job/1/apply'];
  for (const route of pages) {
    const federated = await scripts(browser, `${board.url}${route}`);
    const bundle = await scripts(browser, `${single.url}${route}`);
    console.log(
      `\n${route}: ${kb(federated.total)} KB gzip federated, ${kb(bundle.total)} KB one bundle = ${(federated.total / bundle.total).toFixed(3)}x`,
    );
    for (const [name, { files }] of [
      ['federated', federated],
      ['one bundle', bundle],
    ] as const) {
      console.log(`  ${name}:`);
      for (const file of files) console.log(`  ${kb(file.gzip)} KB  ${kb(file.raw)} KB raw  ${file.file}`);
    }
  }
} finally {
  await browser.close();
  await single.close();
  await board.stop();
}
