import type { DataVersion } from '../board-changes/data-version';
import type { ListJobRow } from '../db/board-rows';

/**
 * The listed rows of the jobs that search pages showed lately, each kept with the version of the
 * index the page was found in (the row read then is at least that new). A row is shown again at a
 * later version only when every change between is known and none touched its job (the change
 * log's steps, as a kept answer is: live-index.ts); any change of a company or a workspace, or a
 * change applied by reading the index whole, reads the rows again. So the first page of most
 * searches (the newest jobs, the best paid) reads no SQL: on PGlite that read was 4–8 ms of a
 * search's 10. At most `size` rows are kept, the oldest read dropped first.
 */
export function listRowCache(versions: Pick<DataVersion, 'untouched'>, size = 2000) {
  const kept = new Map<number, { row: ListJobRow; version: number }>();
  return {
    /**
     * The rows of `ids` at `version` (those `read` finds: it reads the others, by id, as they are
     * now), by id.
     */
    async rows(
      ids: readonly number[],
      version: number,
      read: (ids: number[]) => Promise<ListJobRow[]>,
    ): Promise<Map<number, ListJobRow>> {
      const found = new Map<number, ListJobRow>();
      const missing: number[] = [];
      for (const id of ids) {
        const entry = kept.get(id);
        if (entry && versions.untouched(entry.version, version, (job) => job.id === id)) found.set(id, entry.row);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      for (const row of await read(missing)) {
        found.set(row.id, row);
        kept.delete(row.id);
        kept.set(row.id, { row, version });
      }
      for (const id of kept.keys()) {
        if (kept.size <= size) break;
        kept.delete(id);
      }
      return found;
    },
  };
}
