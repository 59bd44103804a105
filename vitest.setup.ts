import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A findBy or waitFor is a guard against a hang, not a measure: it ends as soon as what it waits
// for is there. Testing Library's default of 1 s failed a test that waited for a list's answer on
// a loaded two-core machine; 10 s stays under the test's own timeout.
configure({ asyncUtilTimeout: 10_000 });

// Any console.error in a test fails it (a React warning is a bug, not noise).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Unit and component tests never reach the network: a page under test gets its data from the
// test (or from the real API in-process, in api/). A stray request fails loudly.
beforeEach(() => {
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`Unexpected network request in a unit test: ${String(input)}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});
