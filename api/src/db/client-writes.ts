import type { Sql } from 'postgres';
import type { Database } from './database';

/**
 * How many statements that may have changed the board's tables (jobs, companies, workspaces) have
 * settled through a PostgreSQL client of this process: what lets a request after such a write
 * check the data version (one indexed read) before it answers, so a write through this API is seen
 * by its next read, while a request after nothing but reads, or after writes to other tables (an
 * application, an alert), asks the database nothing (docs/decisions/022-live-reads.md). Other
 * writers (the platform, another instance) are learned of by notification instead.
 *
 * A statement counts when it settles (committed, or failed), so a check that starts after it sees
 * its commit; a transaction counts when it ends, if any statement in it may have. "May have": it
 * is not a plain read (`select`, `show`, `explain`) and it names one of the three tables (a write
 * hidden in a function called by a `select` is learned of by notification). PGlite needs none of
 * this: its notifications arrive before the writing statement returns.
 */
const counters = new WeakMap<object, { settled: number }>();

const plainRead = /^\s*(select|show|explain)\b/i;
const boardTable = /\b(job_postings|organizations|workspaces)\b/i;
const mayChangeTheBoard = (query: string) => !plainRead.test(query) && boardTable.test(query);

type Unsafe = (query: string, ...rest: unknown[]) => PromiseLike<unknown>;
type WithSavepoint = { unsafe: Sql['unsafe']; savepoint?: (...args: unknown[]) => Promise<unknown> };

/** Calls `mark` for each statement through `sql` (a transaction's, a savepoint's) that may change the board. */
function watch(sql: WithSavepoint, mark: () => void) {
  const unsafe = sql.unsafe as unknown as Unsafe;
  sql.unsafe = ((query: string, ...rest: unknown[]) => {
    if (mayChangeTheBoard(query)) mark();
    return unsafe(query, ...rest);
  }) as Sql['unsafe'];
  const savepoint = sql.savepoint;
  if (!savepoint) return;
  sql.savepoint = (...args: unknown[]) => {
    const body = args.at(-1);
    if (typeof body === 'function')
      args[args.length - 1] = (inner: WithSavepoint) => {
        watch(inner, mark);
        return body(inner);
      };
    return savepoint(...args);
  };
}

/** Counts the writes settling through `client` from now on (the client `openDatabase` makes). */
export function countWrites(client: Sql): void {
  if (counters.has(client)) return;
  const counter = { settled: 0 };
  counters.set(client, counter);
  const settle = () => {
    counter.settled++;
  };
  const unsafe = client.unsafe as unknown as Unsafe;
  // The query is lazy (it runs when awaited, after its modifiers such as `.values()`): observe
  // its settling through its own `then` rather than running it early.
  client.unsafe = ((query: string, ...rest: unknown[]) => {
    const pending = unsafe(query, ...rest);
    if (!mayChangeTheBoard(query)) return pending;
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
  }) as Sql['unsafe'];
  const begin = client.begin as unknown as (...args: unknown[]) => Promise<unknown>;
  client.begin = ((...args: unknown[]) => {
    let touched = false;
    const body = args.at(-1);
    if (typeof body === 'function')
      args[args.length - 1] = (sql: WithSavepoint) => {
        watch(sql, () => {
          touched = true;
        });
        return body(sql);
      };
    return begin(...args).finally(() => {
      if (touched) settle();
    });
  }) as Sql['begin'];
}

/** The count of writes settled through the database's PostgreSQL client; null for PGlite. */
export function writesThrough(db: Database): (() => number) | null {
  const client = (db as unknown as { $client?: object }).$client;
  const counter = client && counters.get(client);
  return counter ? () => counter.settled : null;
}
