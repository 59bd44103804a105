/**
 * `pnpm --filter @board/api probe:pglite-crash [--tries 10]`: how the embedded database takes a
 * crash. The API runs on a PGlite folder of its own (a temporary one), imports a 1,000-job Ashby
 * board from a local fake vendor, and is killed (SIGKILL, as `kill -9` or a power cut would stop
 * it) at a random moment of each sync; then it is started again on the same folder. Each try
 * prints one line: whether the API started again, and if not, the line it stopped with. Too slow
 * and too random for the unit suite (each start reads the folder again, seconds of WebAssembly).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ApiProcess, startApiProcess } from '../src/test/api-process';
import { startFakeVendors } from '../src/test/fake-vendors';
import { ashbyDocsJob } from '../src/test/vendor-samples';

const { values } = parseArgs({ options: { tries: { type: 'string', default: '10' } } });
const tries = Number(values.tries);
const folder = mkdtempSync(path.join(tmpdir(), 'board-pglite-crash-'));
const dataDir = path.join(folder, 'pglite');
const vendors = await startFakeVendors();
const env = {
  ...vendors.env,
  PGLITE_DATA_DIR: dataDir,
  BOARD_ENV: 'local',
  PORT: '0',
  LOG_LEVEL: 'silent',
  SOURCES_SYNC_MINUTES: '1440',
};

/** The board's 1,000 open jobs in round `round`: a fifth changed, a tenth gone, a tenth new. */
function jobs(round: number) {
  return Array.from({ length: 1000 }, (_, index) => {
    const id = index < 100 ? round * 1000 + index : index;
    const changed = index % 5 === round % 5;
    return {
      ...ashbyDocsJob,
      id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      title: `Crash probe engineer ${id}${changed ? ` (round ${round})` : ''}`,
      descriptionHtml: `<p>${'Builds things that survive. '.repeat(100)}${changed ? round : ''}</p>`,
    };
  });
}

const post = (api: ApiProcess, route: string, body: unknown) =>
  fetch(`${api.url}/operator/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

let broken = 0;
let api = await startApiProcess(env);
vendors.setJobs('ashby', 'crashprobe', jobs(0));
const added = await post(api, 'sources', { kind: 'ashby', board: 'crashprobe', company: 'Crash Probe' });
if (added.status !== 201) throw new Error(`adding the source: ${added.status} ${await added.text()}`);
for (let round = 1; round <= tries; round++) {
  vendors.setJobs('ashby', 'crashprobe', jobs(round));
  const sync = post(api, 'sources/sync', {})
    .then((response) => response.text())
    .catch(() => '');
  await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 2000));
  api.child.kill('SIGKILL');
  await api.stop();
  const finished = (await sync).includes('"ok":true');
  try {
    api = await startApiProcess(env);
    console.log(`try ${round}: killed ${finished ? 'after' : 'during'} the sync; started again`);
  } catch (error) {
    broken++;
    const kept = path.join(folder, `broken-${round}`);
    cpSync(dataDir, kept, { recursive: true });
    const lines = (error as Error).message.split('\n').filter((line) => line.trim() !== '');
    console.log(`try ${round}: killed ${finished ? 'after' : 'during'} the sync; did NOT start (folder kept: ${kept})`);
    for (const line of lines.slice(0, 12)) console.log(`    ${line}`);
    rmSync(dataDir, { recursive: true, force: true });
    api = await startApiProcess(env);
    await post(api, 'sources', { kind: 'ashby', board: 'crashprobe', company: 'Crash Probe' });
  }
}
await api.stop();
await vendors.close();
console.log(`${broken} of ${tries} tries left the folder unopenable${broken ? ` (copies in ${folder})` : ''}.`);
if (!broken) rmSync(folder, { recursive: true, force: true });
