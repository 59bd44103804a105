import { descriptionFromHtml, type ImportedDescription } from './description';

/**
 * One task of the descriptions' thread (description-pool.ts): an answer's HTML description, made
 * safe and read into blocks. Run from source, `description-worker.mjs` loads it; in a command's
 * bundle (cli/run-bundled.mjs) it is bundled as `description-task.mjs`.
 */
export default function describeTask(task: { html: string; entityEscaped: boolean }): ImportedDescription {
  return descriptionFromHtml(task.html, { entityEscaped: task.entityEscaped });
}
