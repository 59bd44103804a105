import { isSafeHref } from '@board/shared/api/description-blocks';
import { isDateText, type JobDetailBody, NameTableWire, type OrganizationJobBody } from '@board/shared/api/job-wire';
import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import type { Env, Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { wireSchemas } from './openapi-responses';

/**
 * The OpenAPI 3.1 document of the public calls, generated: each call's path, summary and answers
 * from its route (`describeRoute` beside the handler), its parameters from the valibot schema its
 * query is validated with (job-postings/query-schemas.ts), and the answers' schemas from the wire
 * contract (shared/src/api/job-wire.ts, page-bodies.ts): the schemas the API's answers are typed
 * against and the board reads with, so a remote team and any other client read the same contract.
 * Served at `GET /openapi.json`; api/README.md's Endpoints section says the rest.
 */

type Json = Record<string, unknown>;

/** What a job's keys mean beyond their type (api/README.md's calls 1, 4 and 5 say the rest). */
const jobKeyNotes: Partial<Record<keyof JobDetailBody | keyof OrganizationJobBody, string>> = {
  organization_id: "The company's id (call 5).",
  salary_min: 'In whole units of `salary_currency`; the board shows it in thousands.',
  posted_date: 'When the job was published (call 5 sends it as `published_at`).',
  published_at: 'When the job was published.',
  team_members:
    'Calls 1 and 4: as the platform stores them, mostly "name, title, bio" strings, sometimes malformed (the board drops those). Call 5: objects.',
  logo: "The company's logo, an absolute URL.",
  description: 'Paragraphs on blank lines, `#bold#`.',
  description_blocks: "An imported job's description as safe blocks; null: `description` is the text.",
  valid_through: 'The last day to apply, when the company gives one.',
  closed_at: 'When the job closed: set only with `include_closed=true`.',
};

/** The schemas with the notes on their keys. */
function annotated(schemas: Record<string, Json>): Record<string, Json> {
  for (const name of ['JobListItem', 'JobDetail', 'OrganizationJob']) {
    const properties = (schemas[name]?.properties ?? {}) as Record<string, Json>;
    for (const [key, note] of Object.entries(jobKeyNotes)) {
      const property = properties[key];
      if (property) property.description = note;
    }
  }
  return schemas;
}
/** The OpenAPI 3.1 document of `app`'s described calls, with the API's public address as its server. */
export async function openApiDocument<E extends Env>(app: Hono<E>, publicOrigin: string) {
  const schemas = toJsonSchemaDefs(wireSchemas, {
    target: 'draft-2020-12',
    // A check is a JavaScript rule; the two the contract holds have a format in JSON Schema's words.
    overrideAction: ({ valibotAction, jsonSchema }) => {
      if (valibotAction.type !== 'check') return undefined;
      const requirement = (valibotAction as { requirement?: unknown }).requirement;
      if (requirement === isDateText) return { ...jsonSchema, format: 'date-time' };
      if (requirement === isSafeHref) return { ...jsonSchema, format: 'uri' };
      return undefined;
    },
    // A table of names by code is checked by a function of its own (job-wire.ts: NameTableWire).
    overrideSchema: ({ valibotSchema }) =>
      valibotSchema === NameTableWire ? { type: 'object', additionalProperties: { type: 'string' } } : undefined,
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  });
  const documentation = {
    openapi: '3.1.1',
    info: {
      title: 'Foundry Jobs API',
      version: '1',
      description:
        "The job board's public calls (SPEC section 7 and the board's extensions). Every key of an answer is always sent; a client reading another platform's answers applies the SPEC's defaults to what is missing.",
    },
    servers: [{ url: publicOrigin }],
    components: { schemas: annotated(schemas as unknown as Record<string, Json>) },
  };
  const document = await generateSpecs(app, { documentation, defaultValidationErrorResponse: false });
  // The SPEC names call 6 with its trailing slash; the route answers both forms (app.ts).
  const paths = document.paths ?? {};
  const application = paths['/public/job-application'];
  if (application) {
    delete paths['/public/job-application'];
    paths['/public/job-application/'] = application;
  }
  return document;
}
