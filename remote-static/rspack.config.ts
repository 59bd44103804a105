import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDefinition } from '../rspack/app-definition';
import { createConfig } from '../rspack.shared';

export const app: AppDefinition = {
  name: 'static',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 8083,
  title: 'Static remote (standalone)',
  exposes: {
    './terms-page': './src/exposed/terms-page.tsx',
    './talent-scout-page': './src/exposed/talent-scout-page.tsx',
    './not-found-page': './src/exposed/not-found-page.tsx',
  },
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createConfig(app, { mode: argv.mode ?? 'production' });
