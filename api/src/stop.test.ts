import { request } from 'node:http';
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startApiProcess } from './test/api-process';
import { createTestDatabase } from './test/test-database';

/** Whether a new TCP connection to the port is accepted or refused. */
const tryConnect = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });

// The API as an orchestrator stops an instance: its own process, SIGTERM (PGlite, or a fresh
// PostgreSQL database in the suite's PostgreSQL run).
it('SIGTERM: a request in flight is answered, new connections are refused, and it exits 0', async () => {
  const database = await createTestDatabase(undefined, { migrated: true });
  const api = await startApiProcess({
    PORT: '0',
    DATABASE_URL: database.url,
    PGLITE_DATA_DIR: 'memory://',
    SEED: 'none',
    LOG_LEVEL: 'silent',
  });
  try {
    // A slow client: the headers now, the body later. `Expect: 100-continue` tells when the server has the request.
    const body = JSON.stringify({ challenge_id: 'none', answer: '1' });
    const slow = request(`${api.url}/public/captcha/verify`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      slow.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }),
        );
      });
      slow.on('error', reject);
    });
    await new Promise<void>((resolve) => slow.once('continue', resolve));
    api.child.kill('SIGTERM');
    await expect.poll(() => tryConnect(api.port), { interval: 20 }).toBe('ECONNREFUSED');
    slow.end(body);
    const answered = await answer;
    // The captcha's own answer to an unknown challenge: the request was read and answered in full.
    expect(answered.status).toBe(422);
    expect(JSON.parse(answered.text)).toHaveProperty('message');
    expect(answered.connection).toBe('close');
    expect(await api.stop()).toBe(0);
  } finally {
    await api.stop();
    await database.drop();
  }
});
