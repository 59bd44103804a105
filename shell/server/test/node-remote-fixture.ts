import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { serverBuildFolder } from '../../../rspack/server-build';
import { createConfig } from '../../../rspack.shared';

/**
 * A test fixture for loading a remote's Node build: a real one, built by the same config as the
 * remotes' (`createConfig(..., { target: 'node' })`), exposing one tiny page (test-origin.ts
 * serves it).
 */
export interface NodeRemoteBuild {
  /** The deployed folder: `server/mf-manifest.json`, `server/remoteEntry.js` and the page's chunk. */
  dir: string;
  buildVersion: string;
  /** The address of the exposed page's chunk, under the folder. */
  chunkPath: string;
}

/**
 * The listings remote's Node build, exposing `./job-detail-page`: a component that renders
 * `fixture page` (or `text`), and `./companies-page`, which renders the same followed by ` (companies)`.
 */
export async function buildNodeRemote(text = 'fixture page'): Promise<NodeRemoteBuild> {
  const dir = mkdtempSync(path.join(tmpdir(), 'node-remote-'));
  const page = path.join(dir, 'page.js');
  writeFileSync(page, `export default function FixturePage() {\n  return ${JSON.stringify(text)};\n}\n`);
  const companies = path.join(dir, 'companies.js');
  writeFileSync(
    companies,
    `export default function Companies() {\n  return ${JSON.stringify(`${text} (companies)`)};\n}\n`,
  );
  const buildVersion = `fixture@${Date.now()}`;
  const config = createConfig(
    // The shell's package.json declares every shared singleton, as a remote's does.
    {
      name: 'listings',
      dir: path.resolve(import.meta.dirname, '../..'),
      port: 0,
      title: 'fixture',
      exposes: { './job-detail-page': page, './companies-page': companies },
    },
    { mode: 'production', outDir: dir, buildVersion, target: 'node' },
  );
  // Built alone, not after the browser build it depends on in `pnpm build`; quietly.
  delete config.dependencies;
  config.infrastructureLogging = { level: 'error' };
  await new Promise<void>((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
        else resolve();
      });
    });
  });
  const chunk = readdirSync(path.join(dir, serverBuildFolder)).find((file) =>
    file.startsWith('__federation_expose_job_detail'),
  );
  if (!chunk) throw new Error('the fixture remote has no chunk for its page');
  return { dir, buildVersion, chunkPath: `/${serverBuildFolder}/${chunk}` };
}
