import type { Sql } from 'postgres';
import type { Database } from './database';

/**
 * How many statements that may have written have settled through a PostgreSQL client of this
 * process: what lets a request after such a write check the data version (one indexed read)
 * before it answers, so a write through this API is seen by its next read, while a request after
 * nothing but reads asks the database nothing (docs/decisions/022-live-reads.md). Other writers
 * (the platform, another instance) are learned of by notification instead.
 *
 * A statement counts when it settles (committed, or failed), so a check that starts after it sees
 * its commit. Plain reads (`select`, `show`, `explain`) do not count; every transaction does.
 * PGlite needs none of this: its notifications arrive before the writing statement returns.
 */
const counters = new WeakMap<object, { settled: number }>();

const plainRead = /^\s*(select|show|explain)\b/i;

/** Counts the writes settling through `client` from now on (the client `openDatabase` makes). */
export function countWrites(client: Sql): void {
  if (counters.has(client)) return;
  const counter = { settled: 0 };
  counters.set(client, counter);
  const settle = () => {
    counter.settled++;
  };
  const unsafe = client.unsafe;
  // The query is lazy (it runs when awaited, after its modifiers such as `.values()`): observe
  // its settling through its own `then` rather than running it early.
  client.unsafe = ((query: string, ...rest: unknown[]) => {
    const pending = (unsafe as (...args: unknown[]) => PromiseLike<unknown>)(query, ...rest);
    if (plainRead.test(query)) return pending;
    const then = pending.then;
    // biome-ignore lint/suspicious/noThenProperty: the query's own then, wrapped to see it settle without running it early
    pending.then = function (this: PromiseLike<unknown>, onFulfilled, onRejected) {
      return then.call(
        this,
        (value) => {
          settle();
          return onFulfilled ? onFulfilled(value) : value;
        },
        (error) => {
          settle();
          if (onRejected) return onRejected(error);
          throw error;
        },
      );
    } as typeof pending.then;
    return pending;
  }) as typeof client.unsafe;
  const begin = client.begin;
  client.begin = ((...args: unknown[]) =>
    (begin as (...args: unknown[]) => Promise<unknown>)(...args).finally(settle)) as typeof client.begin;
}

/** The count of writes settled through the database's PostgreSQL client; null for PGlite. */
export function writesThrough(db: Database): (() => number) | null {
  const client = (db as unknown as { $client?: object }).$client;
  const counter = client && counters.get(client);
  return counter ? () => counter.settled : null;
}
