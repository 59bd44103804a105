import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonLines } from '@board/shared/lib/request-log';

/** Whether the module at `moduleUrl` is the one node was asked to run (`node --import tsx <file>`). */
export const isMainModule = (moduleUrl: string) =>
  Boolean(process.argv[1]) && path.resolve(process.argv[1] ?? '') === fileURLToPath(moduleUrl);

/**
 * A service as its own process (the API, the worker): started, one JSON line saying so; on SIGINT
 * or SIGTERM one line, `close()` (what is under way ends), exit 0. A failed start prints one line,
 * the error's message alone when `oneLine` says it is one a person fixes (a bad setting), and
 * exits 1.
 */
export async function runService<Service extends { close(): Promise<void> }>(options: {
  start: () => Promise<Service>;
  started: (service: Service) => { message: string } & Record<string, unknown>;
  stopping: string;
  oneLine: (error: unknown) => boolean;
}) {
  try {
    const service = await options.start();
    jsonLines({ time: new Date().toISOString(), level: 'info', ...options.started(service) });
    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      jsonLines({ time: new Date().toISOString(), level: 'info', message: options.stopping, signal });
      await service.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(options.oneLine(error) && error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
