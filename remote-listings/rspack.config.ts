import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDefinition } from '../rspack/app-definition';
import { createConfig } from '../rspack.shared';

export const app: AppDefinition = {
  name: 'listings',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 8081,
  title: 'Listings remote (standalone)',
  exposes: {
    './jobs-page': './src/exposed/jobs-page.tsx',
    './companies-page': './src/exposed/companies-page.tsx',
    './company-page': './src/exposed/company-page.tsx',
    './job-detail-page': './src/exposed/job-detail-page.tsx',
    './saved-page': './src/exposed/saved-page.tsx',
  },
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createConfig(app, { mode: argv.mode ?? 'production' });
