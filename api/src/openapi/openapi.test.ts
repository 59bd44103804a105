import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../test/use-test-api';

const api = useTestApi();

type ObjectSchema = { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
  components: { schemas: Record<string, ObjectSchema> };
}

async function openApi() {
  const response = await api.app.request('/openapi.json');
  return { response, document: (await response.json()) as Document };
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document that validates, with the public calls 1 to 6 and their answers', async () => {
    const { response, document } = await openApi();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result).toMatchObject({ valid: true, warnings: [], specification: 'OpenAPI' });
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers[0]?.url).toBe('http://localhost');
    const { paths } = document;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/public-job-posting',
        '/public-job-posting/workspace/{slug}',
        '/public-job-posting/job-board/list-organizations',
        '/public-job-posting/{id}',
        '/public-job-posting/organization/{id}',
        '/public/job-application/',
      ]),
    );
    const callOne = paths['/public-job-posting']?.get?.parameters?.map((parameter) => parameter.name);
    expect(callOne).toEqual(
      expect.arrayContaining(['workspace_slug', 'visibility', 'limit', 'cursor', 'title', 'ids']),
    );
  });

  it('has a job schema with exactly the keys call 1 sends, each required', async () => {
    const { document } = await openApi();
    const { schemas } = document.components;
    const listed = (await (await api.app.request('/public-job-posting')).json()) as { jobs: object[] };
    const paged = (await (await api.app.request('/public-job-posting?limit=5')).json()) as { jobs: object[] };
    for (const job of [...listed.jobs, ...paged.jobs]) {
      expect(Object.keys(schemas.JobListItem?.properties ?? {}).sort()).toEqual(Object.keys(job).sort());
    }
    expect(schemas.JobListItem?.required.sort()).toEqual(Object.keys(listed.jobs[0] ?? {}).sort());
    expect(schemas.JobListItem?.additionalProperties).toBe(false);
    const detail = (await (
      await api.app.request(`/public-job-posting/${(listed.jobs[0] as { id: number }).id}`)
    ).json()) as object;
    expect(Object.keys(schemas.JobDetail?.properties ?? {}).sort()).toEqual(Object.keys(detail).sort());
  });

  it('answers a revalidation with 304', async () => {
    const { response } = await openApi();
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await api.app.request('/openapi.json', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});
