import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of biome.json (`noRestrictedImports` overrides), tried on deliberate
 * violations: each probe file below is linted with the repository's own configuration, in a
 * copy of the folder layout, and must be refused (or accepted) with the rule's message.
 */
const rootDir = path.resolve(import.meta.dirname, '..');

const refused: [file: string, from: string, message: RegExp][] = [
  [
    'remote-listings/src/features/jobs/probe.ts',
    '../../../../remote-apply/src/features/apply/submit-application',
    /never imports another app/,
  ],
  ['remote-apply/src/probe.ts', '../../shell/src/app', /never imports another app/],
  ['remote-static/src/probe.ts', '@board/remote-listings/src/exposed/jobs-page', /never imports another app/],
  [
    'shell/src/features/layout/probe.ts',
    '../../../../remote-static/src/exposed/terms-page',
    /never imports another app/,
  ],
  ['shared/src/ui/probe.ts', '../../../shell/src/app', /shared\/ imports no app/],
  [
    'remote-apply/src/features/apply/probe.ts',
    '../../../../api/src/applications/routes',
    /never imports the API's code/,
  ],
  ['shared/src/api/probe.ts', '@board/api/src/app', /never imports the API's code/],
  ['remote-listings/src/features/companies/probe.ts', '../jobs/filter-jobs', /does not reach into another feature/],
  ['shell/src/features/layout/probe-feature.ts', '../remotes/federation', /does not reach into another feature/],
  ['api/src/probe.ts', '@board/shared/ui/button', /only what is server-neutral/],
  ['api/src/probe-app.ts', '../../remote-apply/src/routes', /imports no front-end app/],
  ['remote-static/src/features/legal/probe.ts', 'react-router-dom', /import it from '@board\/shared\/lib\/router'/],
  [
    'remote-apply/src/features/apply/probe-query.ts',
    '@tanstack/react-query',
    /import it from '@board\/shared\/lib\/query'/,
  ],
  ['shell/src/features/layout/probe-query.ts', '@tanstack/query-core', /import it from '@board\/shared\/lib\/query'/],
];

const accepted: [file: string, from: string][] = [
  ['remote-listings/src/features/companies/ok-1.ts', '../jobs/job-board'],
  ['remote-listings/src/features/companies/ok-2.ts', '../../test/render'],
  ['remote-listings/src/features/companies/ok-3.ts', './companies-page'],
  ['remote-listings/src/features/jobs/ok-alerts.ts', '../alerts/job-alerts'],
  ['remote-apply/src/features/apply/ok.ts', '@board/shared/forms/application-fields'],
  ['shell/src/routes/ok.ts', '../features/layout/layout'],
  ['api/src/ok.ts', '@board/shared/forms/application-schema'],
  ['api/src/ok-places.ts', '@board/shared/places/read-places'],
  ['shared/src/react/ok.ts', '@board/shared/api/api-client'],
];

let workDir: string;
let output: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const config = JSON.parse(readFileSync(path.join(rootDir, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(workDir, 'biome.json'), JSON.stringify(config));
  for (const [file, from] of [...refused, ...accepted]) {
    mkdirSync(path.dirname(path.join(workDir, file)), { recursive: true });
    writeFileSync(path.join(workDir, file), `import { probe } from '${from}';\n\nexport const used = probe;\n`);
  }
  try {
    output = execFileSync(path.join(rootDir, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=100', '.'], {
      cwd: workDir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
  }
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The diagnostic Biome printed for a file: from its header line to the next file's. */
function diagnosticFor(file: string): string | null {
  const start = output.indexOf(`${file}:1:`);
  if (start === -1) return null;
  const next = output.slice(start + 1).search(/\n\S+\.ts:\d+:\d+ lint\//);
  return next === -1 ? output.slice(start) : output.slice(start, start + 1 + next);
}

describe('import rules (pnpm lint)', () => {
  it.each(refused)('refuses %s importing %s', (file, _from, message) => {
    const diagnostic = diagnosticFor(file);
    expect(diagnostic).toContain('lint/style/noRestrictedImports');
    expect(diagnostic).toMatch(message);
  });

  it.each(accepted)('accepts %s importing %s', (file) => {
    expect(diagnosticFor(file)).toBeNull();
  });
});
