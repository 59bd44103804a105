import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { staleBuilds, staleBuildsMessage } from '../../scripts/stale-builds';
import type { ApiJob } from '../support/api';
import { freePort, ProductionSite } from '../support/production-site';
import type { Engine } from './engine';
import { launchFirefox } from './firefox';
import { type FrontDoor, startFrontDoor } from './front-door';
import * as page from './in-page';
import { until, warmUp } from './wait';
import { launchWebKit } from './webkit';

/**
 * The first paint in real Firefox (Gecko) and real WebKit (Safari's engine), each at the smallest
 * width it allows, with the page's scripts off and once hydrated: the first job card on the first
 * screen, the menu, the filters submitting, the sticky apply bar, and no console errors. The
 * production build runs as deployed (e2e/support/production-site.ts) behind a front door of the
 * suite's own (front-door.ts).
 */

// Limits that catch a hang, never measures of speed (decision 050): a check gets five minutes, a
// wait in it two (`until`), and the whole run half an hour, on two cores shared with other work.
const runTimeoutMs = 30 * 60_000;
// A run that hangs (a browser that never answers) fails and stops everything it started.
const watchdog = setTimeout(() => {
  console.error(`the cross-browser suite did not finish within ${runTimeoutMs / 60_000} minutes`);
  void cleanUp().finally(() => process.exit(1));
}, runTimeoutMs);
watchdog.unref();

let site: ProductionSite | undefined;
let front: FrontDoor | undefined;
const engines = new Set<Engine>();
async function cleanUp() {
  await Promise.allSettled([...engines].map((engine) => engine.close()));
  await front?.close();
  await site?.stop();
}
// A run that crashes must not leave the shell's server (a child process) behind.
process.once('exit', () => site?.shell?.child.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

let jobs: ApiJob[] = [];
before(
  async () => {
    const stale = staleBuilds();
    if (stale.length > 0) throw new Error(staleBuildsMessage(stale));
    const port = await freePort();
    site = await ProductionSite.start({ sitePort: port });
    front = await startFrontDoor(port, site.url);
    const answer = await fetch(new URL('/public-job-posting', site.config.apiBaseUrl));
    jobs = ((await answer.json()) as { jobs: ApiJob[] }).jobs;
    assert.ok(jobs.length > 0, 'the API has no demo jobs');
    await warmUp(site.url);
  },
  { timeout: 300_000 },
);

after(async () => {
  clearTimeout(watchdog);
  await cleanUp();
});

const siteUrl = (path: string) => new URL(path, front?.url).href;

const launchers = { firefox: launchFirefox, webkit: launchWebKit };
/** Each check's own limit: one that hangs fails alone, and the run goes on. */
const each = { timeout: 300_000 };

// BROWSERS=firefox or BROWSERS=webkit runs one engine (both by default).
const chosen = (process.env.BROWSERS ?? 'firefox,webkit').split(',');
for (const browser of (['firefox', 'webkit'] as const).filter((name) => chosen.includes(name))) {
  for (const scripts of [false, true]) {
    describe(`${browser}, ${scripts ? 'once hydrated' : 'scripts off'}`, () => {
      let engine: Engine;
      const seen: string[] = [];

      before(
        async () => {
          engine = await launchers[browser](scripts);
          engines.add(engine);
          console.log(`# ${engine.label}, viewport ${engine.viewport.width} × ${engine.viewport.height}`);
        },
        { timeout: 300_000 },
      );
      after(async () => {
        engines.delete(engine);
        await engine?.close();
      });

      /** Opens a page of the site; once hydrated, waits for the first page's hydration. */
      async function open(path: string) {
        await engine.open(siteUrl(path));
        if (scripts) {
          await until(
            () => engine.evaluate<boolean>(page.hydrated()),
            () => `${path} never hydrated (no board:hydrated mark) in ${engine.label}`,
          );
        }
      }

      /** Keeps the errors of the pages this test visited, for the last test of the engine. */
      async function collect(label: string) {
        const found = [
          ...(await engine.errors()),
          ...(await engine.evaluate<string[]>(page.failedResources())),
          ...(front?.failures() ?? []).map((failure) => `answered ${failure}`),
        ];
        seen.push(...found.map((problem) => `${label}: ${problem}`));
      }

      async function clickControl(name: string, where: string) {
        const selector = await engine.evaluate<string | null>(page.visibleControl(name));
        if (!selector) {
          const names = await engine.evaluate<string[]>(page.visibleControlNames());
          assert.fail(`no visible control named "${name}" on ${where}; visible controls: ${names.join(', ')}`);
        }
        await engine.click(selector);
      }

      test('the first job card is on the first screen at the smallest width', each, async () => {
        await open('/');
        const card = await engine.evaluate<{
          top: number;
          titleBottom: number;
          title: string;
          viewportHeight: number;
          documentWidth: number;
        } | null>(page.firstJobCard());
        await collect('first screen');
        assert.ok(card, 'the board shows no job card (did the server send the page unrendered?)');
        assert.ok(
          card.titleBottom <= card.viewportHeight,
          `the first job card ("${card.title}") starts at y = ${card.top} px: its title is not on the first screen (${engine.viewport.width} × ${card.viewportHeight})`,
        );
        assert.ok(
          card.documentWidth <= engine.viewport.width,
          `the page is ${card.documentWidth} px wide in a ${engine.viewport.width} px viewport`,
        );
      });

      test('"Open menu" opens a panel with Sign In and Get Started', each, async () => {
        await open('/');
        await clickControl('Open menu', '/');
        await until(
          () => engine.evaluate<{ open: boolean }>(page.menuPanel()).then((panel) => panel.open),
          () => '"Open menu" was clicked, but no panel with Sign In and Get Started is on screen',
        );
        await collect('menu');
      });

      test('the filters submit: engineer gives q=engineer and the count of matching jobs', each, async () => {
        const expected = jobs.filter((job) => job.title.toLowerCase().includes('engineer')).length;
        assert.ok(expected > 0, 'no demo job has engineer in its title');
        await open('/');
        let field = await engine.evaluate<string | null>(page.visibleField('Job title'));
        if (!field) {
          // On a phone the filter panel folds behind "Filters" (its name may carry the count).
          await clickControl('Filters*', '/');
          field = await until(
            () => engine.evaluate<string | null>(page.visibleField('Job title')),
            () => '"Filters" was clicked, but no field labelled "Job title" is on screen',
          );
        }
        const form = await engine.evaluate<{ form: boolean; method?: string; submit?: string | null }>(
          page.getFormWith('Job title', 'Apply filters'),
        );
        if (!scripts) {
          assert.ok(form.form, 'the "Job title" field is in no form: without scripts nothing can submit it');
          assert.equal(form.method, 'get', 'the filter form is not a GET form');
          assert.ok(form.submit, 'the filter form has no visible "Apply filters" submit button');
        }
        await engine.type(field, 'engineer', { enter: !form.submit });
        if (form.submit) await engine.click(form.submit);
        const count = `${expected.toLocaleString('en-US')} job`;
        let last = { href: '', text: '' };
        await until(
          async () => {
            last = await engine.evaluate<{ href: string; text: string }>(page.addressAndText());
            return new URL(last.href).searchParams.get('q') === 'engineer' && last.text.includes(count);
          },
          () =>
            `after submitting "engineer": the address is ${last.href} (expected q=engineer) and the page ${last.text.includes(count) ? 'shows' : 'does not show'} "${count}s"`,
        );
        await collect('filters');
      });

      test('a job page at phone width shows the sticky apply bar', each, async () => {
        const job = jobs.find((candidate) => candidate.application_url);
        assert.ok(job, 'no demo job has an application URL');
        await open(`/job/${job.id}`);
        const bar = await engine.evaluate<{
          position: string;
          top: number;
          bottom: number;
          viewportHeight: number;
          apply: boolean;
          save: boolean;
        } | null>(page.stickyApplyBar());
        await collect('job page');
        assert.ok(bar, `no visible [data-slot="sticky-apply-bar"] on /job/${job.id}`);
        const atBottom = (box: { top: number; bottom: number; viewportHeight: number }) =>
          box.top >= 0 && box.bottom <= box.viewportHeight && box.bottom >= box.viewportHeight - 48;
        assert.ok(
          atBottom(bar),
          `the apply bar is at y = ${bar.top}–${bar.bottom}, not at the bottom of a ${bar.viewportHeight} px screen`,
        );
        // Held to the screen (fixed, or sticky at the end of the page): still at its bottom once scrolled.
        await engine.evaluate<null>('(window.scrollTo(0, 400), null)');
        const scrolled = await engine.evaluate<typeof bar | null>(page.stickyApplyBar());
        assert.ok(
          scrolled && atBottom(scrolled),
          `scrolled 400 px, the apply bar is ${scrolled ? `at y = ${scrolled.top}–${scrolled.bottom}` : 'gone'}, not at the bottom of the screen`,
        );
        assert.ok(bar.apply, 'the apply bar has no visible "Apply for this position"');
        assert.ok(bar.save, 'the apply bar has no visible Save');
      });

      if (scripts) {
        // The check below would pass on a suite that sees nothing: it must see an error the page logs.
        test("the suite sees the page's console errors", each, async () => {
          await open('/terms-of-service');
          await engine.evaluate<null>(`(console.error('browser suite probe'), null)`);
          const found: string[] = [];
          await until(
            async () => {
              found.push(...(await engine.errors()));
              return found.some((problem) => problem.includes('browser suite probe'));
            },
            () => `a console.error in the page was not seen in ${engine.label}`,
          );
          seen.push(
            ...found
              .filter((problem) => !problem.includes('browser suite probe'))
              .map((problem) => `probe page: ${problem}`),
          );
        });
      }

      test('no console errors, uncaught errors or failed requests on the pages visited', each, async () => {
        await collect('last page');
        assert.deepEqual(seen, [], `${engine.label} reported errors`);
      });
    });
  }
}
