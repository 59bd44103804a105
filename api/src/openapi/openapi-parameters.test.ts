import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../test/use-test-api';

const api = useTestApi();

interface Schema {
  type?: string;
  enum?: string[];
  maxLength?: number;
  pattern?: string;
  examples?: string[];
}
interface Parameter {
  name: string;
  in: 'query' | 'path';
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}
type Paths = Record<string, Record<string, Operation>>;

/** Parameters whose schema takes any text: an unknown workspace is a 404, a closed job's flag anything but `true`. */
const takesAnyText = ['workspace_slug', 'include_closed'];

/** Values the schema refuses: past its length, outside its list, against its pattern (and past its examples). */
function refusedBy(schema: Schema): string[] {
  const values: string[] = [];
  if (schema.maxLength !== undefined) values.push('1'.repeat(schema.maxLength + 1));
  if (schema.enum) values.push('unlisted');
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const next = (schema.examples ?? []).filter((example) => /^\d+$/.test(example)).map((n) => String(Number(n) + 1));
    values.push(...['0', '!', '\u0007', ...next].filter((value) => !pattern.test(value)));
  }
  return [...new Set(values)];
}

/** Values the schema takes: its examples, its list, the longest text it allows. */
function acceptedBy(schema: Schema): string[] {
  const values = [...(schema.examples ?? []), ...(schema.enum ?? []).filter((value) => value !== '')];
  const longest = schema.maxLength === undefined ? null : 'a'.repeat(schema.maxLength);
  if (longest !== null && (!schema.pattern || new RegExp(schema.pattern, 'u').test(longest))) values.push(longest);
  return values;
}

describe('every parameter of /openapi.json', () => {
  let paths: Paths;
  /** A value for each path parameter (`{id}`, `{slug}`) that names something of the demo data. */
  let pathValues: Record<string, Record<string, string>>;

  beforeAll(async () => {
    paths = ((await (await api.app.request('/openapi.json')).json()) as { paths: Paths }).paths;
    const list = (await (await api.app.request('/public-job-posting?limit=1')).json()) as {
      jobs: { id: number; organization_id: number }[];
    };
    const job = list.jobs[0];
    pathValues = {
      '/public-job-posting/{id}': { id: String(job?.id) },
      '/public-job-posting/organization/{id}': { id: String(job?.organization_id) },
      '/public-job-posting/workspace/{slug}': { slug: 'demo' },
    };
  });

  /** The GET calls with their query parameters and the address of each call with its path filled in. */
  function gets() {
    return Object.entries(paths).flatMap(([path, operations]) => {
      const operation = operations.get;
      if (!operation) return [];
      const address = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[path]?.[name] ?? `missing-${name}`);
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      return [{ path, address, query }];
    });
  }

  async function ask(address: string, params: Record<string, string>) {
    const response = await api.app.request(`${address}?${new URLSearchParams(params)}`);
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }

  it('answers 400 naming it for a value its schema refuses, and 200 for each value its schema accepts', async () => {
    const tried: string[] = [];
    for (const { path, address, query } of gets()) {
      // A paged call is asked for a page: its search and cursor are read only with `limit`.
      const limit = query.find((parameter) => parameter.name === 'limit');
      for (const parameter of query) {
        const base: Record<string, string> =
          limit && parameter !== limit ? { limit: acceptedBy(limit.schema)[0] ?? 'no-limit-value' } : {};
        const refused = refusedBy(parameter.schema);
        const accepted = acceptedBy(parameter.schema);
        const where = `${path} ${parameter.name}`;
        expect(accepted.length, `${where} states no value it accepts`).toBeGreaterThan(0);
        expect(refused.length === 0, `${where} refuses nothing`).toBe(takesAnyText.includes(parameter.name));
        for (const value of refused) {
          const { status, body } = await ask(address, { ...base, [parameter.name]: value });
          expect({ status, names: body.message?.includes(parameter.name) }, `${where}=${value}`).toEqual({
            status: 400,
            names: true,
          });
        }
        for (const value of accepted) {
          const { status, body } = await ask(address, { ...base, [parameter.name]: value });
          expect({ status, message: body.message }, `${where}=${value}`).toEqual({ status: 200, message: undefined });
        }
        tried.push(where);
      }
    }
    expect(tried).toEqual(expect.arrayContaining(['/public-job-posting title', '/public-job-posting/{id} visibility']));
  });

  it('has no JSON body whose fields it would have to try too', () => {
    const jsonBodies = Object.entries(paths).flatMap(([path, operations]) =>
      Object.values(operations)
        .filter((operation) => operation.requestBody?.content['application/json'])
        .map(() => path),
    );
    expect(jsonBodies).toEqual([]);
  });
});
