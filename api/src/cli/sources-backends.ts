import type { SourceSummary, sourcesService } from '../sources/sources-service';
import { callOperator } from './operator-call';

/** What a command does, on the database directly or through the API. */
export interface SourcesBackend {
  add(kind: string, board: string, options: { company?: string; workspace?: string }): Promise<AddOutcome>;
  list(): Promise<SourceSummary[]>;
  sync(ids: number[] | null, allowMassClose: boolean, onLine: (ok: boolean, line: string) => void): Promise<void>;
  remove(id: number): Promise<{ source: SourceSummary; closed: number }>;
}

interface AddOutcome {
  source: SourceSummary;
  openJobs: number | null;
  readded: boolean;
}

export function directBackend(service: ReturnType<typeof sourcesService>): SourcesBackend {
  return {
    add: (kind, board, options) => service.add(kind, board, options),
    list: () => service.list(),
    async sync(ids, allowMassClose, onLine) {
      await service.sync(ids, { allowMassClose, onResult: (result) => onLine(result.ok, result.line) });
    },
    remove: (id) => service.remove(id),
  };
}

export function apiBackend(apiUrl: string, token: string | undefined): SourcesBackend {
  const call = (method: 'GET' | 'POST', pathName: string, body?: unknown): Promise<Response> =>
    callOperator({
      apiUrl,
      token,
      method,
      path: `sources${pathName}`,
      body,
      // A sync of many sources takes a while; the lines stream as they come.
      timeoutMs: 6 * 60 * 60 * 1000,
    });
  return {
    async add(kind, board, options) {
      const body = (await (await call('POST', '', { kind, board, ...options })).json()) as {
        source: SourceSummary;
        open_jobs: number | null;
        readded: boolean;
      };
      return { source: body.source, openJobs: body.open_jobs, readded: body.readded };
    },
    async list() {
      return ((await (await call('GET', '')).json()) as { sources: SourceSummary[] }).sources;
    },
    async sync(ids, allowMassClose, onLine) {
      const response = await call('POST', '/sync', { ...(ids ? { ids } : {}), allow_mass_close: allowMassClose });
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const chunk = reader ? await reader.read() : { done: true, value: undefined };
        if (chunk.value) buffer += chunk.value;
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const item = JSON.parse(buffer.slice(0, newline)) as { ok: boolean; line: string };
          onLine(item.ok, item.line);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
        }
        if (chunk.done) break;
      }
    },
    async remove(id) {
      return (await (await call('POST', `/${id}/remove`, {})).json()) as { source: SourceSummary; closed: number };
    },
  };
}
