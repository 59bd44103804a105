import { bySalaryOrder, type IndexRow, type SearchIndex } from '../search/search-index';

/**
 * Where jobs go in the search index's orders when it changes (apply-changes.ts): the `newest`
 * order's place of a row, the runs of an order kept between the changed places, and the `salary`
 * order moved or merged around the changed jobs.
 */

/**
 * The positions in `ids` (the first `size`) of the jobs `wanted`, ascending: one pass over a typed
 * array, testing each id in a bitmap of the wanted ones (a Set or Map lookup per position cost
 * tens of milliseconds over a 100,000-job index).
 */
export function positionsOf(ids: Int32Array, size: number, wanted: readonly number[]): number[] {
  const positions: number[] = [];
  if (wanted.length === 0) return positions;
  let highest = 0;
  for (const id of wanted) if (id > highest) highest = id;
  const marked = new Uint8Array(highest + 1);
  for (const id of wanted) if (id >= 0) marked[id] = 1;
  for (let at = 0; at < size; at++) {
    const id = ids[at] ?? 0;
    if (id >= 0 && id <= highest && marked[id] === 1) positions.push(at);
  }
  return positions;
}

/**
 * Walks an ordered sequence of `length` items from which the items at `removed` are taken out and
 * into which added item _j_ goes before the item at `insertAt[j]` (both ascending): `copy` is given
 * each run of kept items (from, stop, where they go), `put` each added item and where it goes.
 */
export function splice(
  length: number,
  removed: number[],
  insertAt: number[],
  copy: (from: number, stop: number, to: number) => void,
  put: (added: number, to: number) => void,
): void {
  let from = 0;
  let to = 0;
  let r = 0;
  let j = 0;
  for (;;) {
    const nextRemoved = removed[r] ?? length;
    const nextInsert = insertAt[j] ?? length;
    const stop = Math.min(nextRemoved, nextInsert);
    if (stop > from) {
      copy(from, stop, to);
      to += stop - from;
      from = stop;
    }
    // The items added here come before the item at `from`.
    while (j < insertAt.length && insertAt[j] === from) put(j++, to++);
    if (from >= length) return;
    if (nextRemoved === from) {
      r++;
      from++;
    }
  }
}

/** Whether job `a` comes before job `b` in the `newest` order (posted_us desc, id desc). */
function before(aPosted: number, aExact: bigint, aId: number, bPosted: number, bExact: bigint, bId: number): boolean {
  if (aPosted !== bPosted) return aPosted > bPosted;
  if (aExact !== bExact) return aExact > bExact;
  return aId > bId;
}

export const rowBefore = (a: IndexRow, b: IndexRow) =>
  before(Number(a[11]), BigInt(a[11]), a[0], Number(b[11]), BigInt(b[11]), b[0]);

/** The first position of `index` whose job does not come before `row`: where `row` goes. */
export function insertionPoint(index: SearchIndex, row: IndexRow): number {
  const posted = Number(row[11]);
  const exact = BigInt(row[11]);
  let low = 0;
  let high = index.size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const comesBefore = before(
      index.postedUs[middle] ?? 0,
      index.postedExact[middle] ?? 0n,
      index.ids[middle] ?? 0,
      posted,
      exact,
      row[0],
    );
    if (comesBefore) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The `salary` order with the jobs at `moved` (same positions, new salary tops) taken out where
 * their old tops put them and put back where their new ones do: binary searches, and the runs
 * between copied as blocks.
 */
export function resortedSalaryOrder(
  previous: Int32Array,
  moved: number[],
  oldTop: Float64Array,
  newTop: Float64Array,
): Int32Array {
  // The first place in `previous` (ordered by the old tops) whose job does not come before (top, at).
  const placeOf = (top: number, at: number) => {
    let low = 0;
    let high = previous.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = previous[middle] ?? 0;
      const otherTop = oldTop[other] ?? 0;
      if (otherTop > top || (otherTop === top && other < at)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const removed = moved.map((at) => placeOf(oldTop[at] ?? 0, at)).sort((a, b) => a - b);
  const added = bySalaryOrder(newTop, Int32Array.from(moved));
  const insertAt = Array.from(added, (at) => placeOf(newTop[at] ?? 0, at));
  const next = new Int32Array(previous.length);
  splice(
    previous.length,
    removed,
    insertAt,
    (from, stop, to) => next.set(previous.subarray(from, stop), to),
    (at, to) => {
      next[to] = added[at] ?? 0;
    },
  );
  return next;
}

/** The kept jobs in their `salary` order at their new positions, merged with the added ones. */
export function mergedSalaryOrder(
  previous: Int32Array,
  oldToNew: Int32Array,
  added: Int32Array,
  salaryTop: Float64Array,
): Int32Array {
  const kept = new Int32Array(previous.length);
  let count = 0;
  for (let step = 0; step < previous.length; step++) {
    const moved = oldToNew[previous[step] ?? 0] ?? -1;
    if (moved >= 0) kept[count++] = moved;
  }
  const merged = new Int32Array(count + added.length);
  let k = 0;
  let a = 0;
  let out = 0;
  while (k < count || a < added.length) {
    const fromKept = kept[k] ?? 0;
    const fromAdded = added[a] ?? 0;
    const takeKept =
      a >= added.length ||
      (k < count &&
        ((salaryTop[fromKept] ?? 0) > (salaryTop[fromAdded] ?? 0) ||
          ((salaryTop[fromKept] ?? 0) === (salaryTop[fromAdded] ?? 0) && fromKept < fromAdded)));
    merged[out++] = takeKept ? fromKept : fromAdded;
    if (takeKept) k++;
    else a++;
  }
  return merged;
}
