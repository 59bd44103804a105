import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDefinition } from '../rspack/app-definition';
import { createConfig } from '../rspack.shared';

export const app: AppDefinition = {
  name: 'apply',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 8082,
  title: 'Apply remote (standalone)',
  exposes: {
    './apply-page': './src/exposed/apply-page.tsx',
    './success-page': './src/exposed/success-page.tsx',
  },
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createConfig(app, { mode: argv.mode ?? 'production' });
