import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi } from '../../api/src/server';

/** The real API on an in-memory database and a scratch resume folder, allowing one board origin. */
export function startMemoryApi(boardOrigin: string, env: Record<string, string> = {}) {
  return startApi({
    PORT: '0',
    HOST: '127.0.0.1',
    PGLITE_DATA_DIR: 'memory://',
    RESUME_DIR: mkdtempSync(path.join(tmpdir(), 'board-resumes-')),
    CORS_ORIGINS: boardOrigin,
    BOARD_SITE_URL: boardOrigin,
    LOG_LEVEL: 'silent',
    ...env,
  });
}
