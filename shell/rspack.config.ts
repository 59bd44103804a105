import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDefinition } from '../rspack/app-definition';
import { createConfig } from '../rspack.shared';

export const app: AppDefinition = {
  name: 'shell',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 8080,
  title: 'Foundry Jobs: startup jobs with funding and equity up front',
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createConfig(app, { mode: argv.mode ?? 'production' });
