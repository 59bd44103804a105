import { afterAll, beforeAll } from 'vitest';
import { createTestApi, type TestApi } from './test-api';

/**
 * One test API for the whole test file (createTestApi: a fresh database, demo data unless told
 * otherwise), opened before its first test and closed after its last. Call it at the top of the
 * file; the handle it returns reads as the API itself once the file's tests run (`api.app`,
 * `api.db`), and says so if anything touches it sooner.
 */
export function useTestApi(options: Parameters<typeof createTestApi>[0] = {}): TestApi {
  let opened: TestApi | undefined;
  beforeAll(async () => {
    opened = await createTestApi(options);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return new Proxy({} as TestApi, {
    get(_, property) {
      if (!opened) throw new Error(`the test API is not open yet: use api.${String(property)} inside a test or hook`);
      return opened[property as keyof TestApi];
    },
  });
}
