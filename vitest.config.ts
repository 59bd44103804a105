import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The Node projects' limits, which catch a hang and never measure speed (decision 050): their tests
 * start or wait on a process, a server, a database, a sync or an email. On two cores shared with
 * other work (load 11-18) a test of a few seconds took over a minute with every step on its way; a
 * hang still fails in minutes. A test or hook gets five minutes, one wait in it (expect.poll) two.
 */
const hangLimits = {
  testTimeout: 300_000,
  hookTimeout: 300_000,
  expect: { poll: { timeout: 120_000 } },
};

const browserLike = (name: string) => ({
  extends: true as const,
  test: {
    name,
    root: `./${name}`,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../vitest.setup.ts'],
    // A guard against a hang, not a measure: a component test that types and waits for answers
    // takes 4-5 s of a loaded two-core machine (CI runs beside other work), over Vitest's 5 s.
    testTimeout: 20_000,
  },
});

/**
 * Unit and component tests of every package (files `*.test.ts(x)` beside the code).
 * Browser tests live in e2e/ and run with Playwright.
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    // Vitest's default (one worker fewer than the cores, for its own process), but at least two:
    // on a 2-core CI machine the default is one worker, every file one after another with a core
    // left mostly idle (Vitest's own process only transforms files and reports).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      browserLike('shell'),
      browserLike('remote-listings'),
      browserLike('remote-apply'),
      browserLike('remote-static'),
      browserLike('shared'),
      {
        extends: true,
        test: {
          name: 'shell-server',
          root: './shell',
          environment: 'node',
          include: ['server/**/*.test.{ts,tsx}'],
          // Its tests start servers (the shell's, remotes' origins) and build remotes: hang limits.
          ...hangLimits,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: './api',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // One migrated database made before the files run, which each file's database copies.
          globalSetup: ['src/test/global-setup.ts'],
          // The files share their worker's modules: the API's imports and PGlite's compiled
          // WebAssembly are loaded once per worker, not once per file. Each file still opens a
          // database of its own, and the API's tests mock no module and leave no global behind.
          isolate: false,
          // Every test and hook waits on a database, many on a server, a worker, a sync or an email.
          ...hangLimits,
        },
      },
      {
        extends: true,
        // Its tests start static servers and run Biome: hang limits.
        test: {
          name: 'tooling',
          root: '.',
          environment: 'node',
          include: ['*.test.ts', 'scripts/**/*.test.ts'],
          ...hangLimits,
        },
      },
    ],
  },
});
