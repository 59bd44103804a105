import { Hono } from 'hono';
import * as v from 'valibot';
import { httpError } from '../lib/http-error';
import { SourceRefusal, type SourcesService } from './sources-service';

const AddBody = v.object({
  kind: v.string(),
  board: v.string(),
  company: v.optional(v.string()),
  workspace: v.optional(v.string()),
});
const SyncBody = v.object({
  ids: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  allow_mass_close: v.optional(v.boolean()),
});

async function jsonBody<T>(request: Request, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const body = await request.json().catch(() => null);
  if (body === null) throw httpError(400, 'Malformed request', 'Send a JSON object');
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw httpError(400, parsed.issues[0].message, v.getDotPath(parsed.issues[0]) ?? undefined);
  return parsed.output;
}

/**
 * `pnpm sources …` against a running API (its embedded database is the API's alone), behind the
 * operator endpoints' access rule (lib/operator-access.ts): list, add, sync (one NDJSON line per source as it
 * finishes), remove. A refusal is a 422 with the command's one line as `message`.
 */
export function sourceOperatorRoutes(sources: SourcesService) {
  const app = new Hono();
  const refused = (error: unknown): never => {
    if (error instanceof SourceRefusal) throw httpError(422, error.message);
    throw error;
  };

  app.get('/', async (c) => c.json({ sources: await sources.list() }));

  app.post('/', async (c) => {
    const body = await jsonBody(c.req.raw, AddBody);
    const added = await sources
      .add(body.kind, body.board, { company: body.company, workspace: body.workspace })
      .catch(refused);
    return c.json({ source: added.source, open_jobs: added.openJobs, readded: added.readded }, 201);
  });

  app.post('/sync', async (c) => {
    const body = await jsonBody(c.req.raw, SyncBody);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          await sources.sync(body.ids ?? null, {
            allowMassClose: body.allow_mass_close,
            onResult: (result) =>
              controller.enqueue(
                encoder.encode(`${JSON.stringify({ source_id: result.sourceId, ok: result.ok, line: result.line })}\n`),
              ),
          });
        } catch (error) {
          controller.enqueue(
            encoder.encode(`${JSON.stringify({ ok: false, line: `failed: ${(error as Error).name} in the API` })}\n`),
          );
        }
        controller.close();
      },
    });
    return c.body(stream, 200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
  });

  app.post('/:id/remove', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id < 1) throw httpError(404, `No source ${c.req.param('id')}`);
    const removed = await sources.remove(id).catch(refused);
    return c.json({ source: removed.source, closed: removed.closed });
  });
  return app;
}
