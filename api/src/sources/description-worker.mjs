// The thread that sanitizes ATS descriptions (description-pool.ts). Plain JavaScript, so that it
// starts the same way under any runner (`node --import tsx`, Vitest): it registers tsx itself, then
// loads the TypeScript it runs.
import { register } from 'tsx/esm/api';

register();
const { descriptionFromHtml } = await import('./description.ts');

/** One task: an answer's HTML description, made safe and read into blocks. */
export default ({ html, entityEscaped }) => descriptionFromHtml(html, { entityEscaped });
