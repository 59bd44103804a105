// The thread that sanitizes ATS descriptions (description-pool.ts), run from source. Plain
// JavaScript, so that it starts the same way under any runner (`node --import tsx`, Vitest): it
// registers tsx itself, then loads the TypeScript it runs. A command's bundle loads its bundled
// `description-task.mjs` instead (cli/run-bundled.mjs).
import { register } from 'tsx/esm/api';

register();
const { default: describeTask } = await import('./description-task.ts');

export default describeTask;
