import { describe, expect, it } from 'vitest';
import type { ChangedJob } from '../board-changes/live-index';
import type { ListJobRow } from '../db/board-rows';
import { listRowCache } from './row-cache';

/** A change log: the ids each version's change touched (null: not only jobs, or not known). */
function changeLog(changes: Record<number, number[] | null>) {
  return {
    untouched(from: number, to: number, touches: (job: ChangedJob) => boolean) {
      if (from > to) return false;
      for (let version = from + 1; version <= to; version++) {
        const ids = changes[version];
        if (ids === null) return false;
        if ((ids ?? []).some((id) => touches({ id, before: null, after: null }))) return false;
      }
      return true;
    },
  };
}

const row = (id: number, title: string) => ({ id, title }) as ListJobRow;

function database(titles: Map<number, string>) {
  const asked: number[][] = [];
  return {
    asked,
    read: async (ids: number[]) => {
      asked.push(ids);
      return ids.flatMap((id) => {
        const title = titles.get(id);
        return title === undefined ? [] : [row(id, title)];
      });
    },
  };
}

const titles = (rows: Map<number, ListJobRow>, ids: number[]) => ids.map((id) => rows.get(id)?.title ?? null);

describe("a search page's rows, kept", () => {
  it('are read once, then kept across changes of other jobs, and read again after a change of their own', async () => {
    const now = new Map([
      [1, 'Welder'],
      [2, 'Baker'],
      [3, 'Pilot'],
    ]);
    const db = database(now);
    const cache = listRowCache(changeLog({ 2: [3], 3: [2] }));
    expect(titles(await cache.rows([1, 2], 1, db.read), [1, 2])).toEqual(['Welder', 'Baker']);
    expect(titles(await cache.rows([1, 2], 1, db.read), [1, 2])).toEqual(['Welder', 'Baker']);
    expect(titles(await cache.rows([1, 2], 2, db.read), [1, 2])).toEqual(['Welder', 'Baker']);
    expect(db.asked).toEqual([[1, 2]]);
    now.set(2, 'Head Baker');
    expect(titles(await cache.rows([1, 2], 3, db.read), [1, 2])).toEqual(['Welder', 'Head Baker']);
    expect(db.asked).toEqual([[1, 2], [2]]);
  });

  it('are read again after a change of a company (or one the log does not know), and leave out a job gone', async () => {
    const now = new Map([
      [1, 'Welder'],
      [2, 'Baker'],
    ]);
    const db = database(now);
    const cache = listRowCache(changeLog({ 2: null }));
    await cache.rows([1, 2], 1, db.read);
    now.delete(2);
    const rows = await cache.rows([1, 2], 2, db.read);
    expect(titles(rows, [1, 2])).toEqual(['Welder', null]);
    expect(db.asked).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('keep at most their size, the oldest read dropped first', async () => {
    const now = new Map([
      [1, 'Welder'],
      [2, 'Baker'],
      [3, 'Pilot'],
    ]);
    const db = database(now);
    const cache = listRowCache(changeLog({}), 2);
    await cache.rows([1], 1, db.read);
    await cache.rows([2], 1, db.read);
    await cache.rows([3], 1, db.read);
    await cache.rows([3, 2, 1], 1, db.read);
    expect(db.asked).toEqual([[1], [2], [3], [1]]);
  });
});
