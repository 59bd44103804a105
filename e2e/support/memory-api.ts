import { startApi } from '../../api/src/server';

/** The real API on an in-memory database (resumes included), allowing one board origin. */
export function startMemoryApi(boardOrigin: string, env: Record<string, string> = {}) {
  return startApi({
    PORT: '0',
    HOST: '127.0.0.1',
    PGLITE_DATA_DIR: 'memory://',
    CORS_ORIGINS: boardOrigin,
    BOARD_SITE_URL: boardOrigin,
    LOG_LEVEL: 'silent',
    // A whole suite's pages and tests talk to one API from 127.0.0.1: the flood guard would only make them flaky
    // (its own tests are in api/src/app.test.ts).
    REQUEST_RATE_LIMIT_MAX: '1000000',
    ...env,
  });
}
