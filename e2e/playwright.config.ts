import { defineConfig, devices } from '@playwright/test';
import type { ApiFlavour } from './support/board';
import { chromiumLaunchOptions } from './support/chromium';

/**
 * End-to-end tests: the production build (`pnpm build`) served as `pnpm start` serves it, each
 * app on its own origin (free ports, per worker), driven in Debian's Chromium.
 */
export default defineConfig<object, { apiFlavour: ApiFlavour }>({
  testDir: './tests',
  // `pnpm build` first: a build older than its sources is refused, with the command to run. Then
  // the run's seeded database, which every board's API opens a copy of.
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Guards against a hang, never measures of speed (decision 050): every test drives a real board,
  // and on two cores shared with other work (load 11-18) a scenario of 10 s took over a minute
  // with every step on its way. A test gets five minutes, one wait for a page, an email or a sync
  // two; a wait that passes returns at once, so only a failure costs them. The whole run is
  // bounded too, so that a board that breaks every test fails CI in an hour, not in days.
  timeout: 300_000,
  expect: { timeout: 120_000 },
  globalTimeout: 60 * 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // Cards fade in; axe would measure their contrast mid-fade. The motion itself is unit-tested.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', testIgnore: /any-platform\.spec\.ts$/ },
    // Against another platform's API (e2e/support/spec-api.ts): call 1 exactly as the SPEC states it
    // (no paging, no filters, no total) and ids spelled its own way (UUIDs, j-…, org-…). The
    // board's rules must hold whichever API answers: a tour of the whole board (any-platform), and
    // the listings' and the apply form's tests whose behaviour rests on the API's shape (paging,
    // counts, filters and search over the whole list; every page, link and call that carries an
    // id), tagged @spec-api. Not the ones the API's shape leaves alone (loading and error states,
    // layout, the form's own checks, a double click) or that start an API of their own.
    {
      name: 'spec-api',
      testMatch: /(listings|apply|any-platform)\.spec\.ts$/,
      grep: /@spec-api/,
      use: { apiFlavour: 'spec' },
    },
  ],
});
