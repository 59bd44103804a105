import type { Sql } from 'postgres';

/**
 * Whether PostgreSQL answers, as this process last found out, and the rule that keeps a request
 * from waiting on a database that is away (docs/decisions/034-readiness-and-outages.md):
 *
 * - A connection of the pool closing (the server stopped, a connection refused or timed out)
 *   makes the process ask again: a probe, `select 1` on a connection of its own.
 * - While the last probe failed, the database is away: a query waits for the next probe, one
 *   that starts after the query arrived (at most `spacingMs` later, at most `timeoutMs` long).
 *   If it answers, the query runs; otherwise the query fails at once with `DatabaseUnavailable`
 *   (a 503 with Retry-After). So no query queues behind a reconnection's backoff, and the first
 *   query after the database's return is answered.
 * - Probes are shared: however many queries and readiness checks wait, at most one probe runs
 *   every `spacingMs`.
 */
export interface Availability {
  /** null when a query may go ahead now; otherwise settles once the next probe has answered. */
  admit(): Promise<void> | null;
  /** A probe's answer, one that started after this call: whether the database answered. */
  check(): Promise<boolean>;
  /** Something happened to a connection: probe again (in the background). */
  suspect(): void;
}

/** Nothing was sent: the database did not answer the last probe. */
export class DatabaseUnavailable extends Error {
  /** SQLSTATE connection_failure: what the app's error handler answers with a 503. */
  readonly code = '08006';
  constructor() {
    super('the database is not answering');
  }
}

export function availabilityGate(options: {
  /** Resolves when the database answered; rejects (or never settles) otherwise. */
  probe: () => Promise<void>;
  /** A probe that has not answered by then failed; `abandon` is called to drop what it holds. */
  timeoutMs?: number;
  abandon?: () => void;
  spacingMs?: number;
  /** Told once each time the database goes away and once when it answers again. */
  changed?: (available: boolean) => void;
}): Availability {
  const spacingMs = options.spacingMs ?? 250;
  const timeoutMs = options.timeoutMs ?? 1000;
  let away = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  /** The next probe: whoever asks before it starts shares it. */
  let next: Promise<boolean> | null = null;

  const probeOnce = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const answered = Promise.resolve()
      .then(options.probe)
      .then(
        () => true,
        () => false,
      );
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        options.abandon?.();
        resolve(false);
      }, timeoutMs);
    });
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };

  const check = (): Promise<boolean> => {
    if (next) return next;
    const waitMs = Math.max(0, lastStart + spacingMs - performance.now());
    const probe = new Promise<void>((resolve) => setTimeout(resolve, waitMs)).then(async () => {
      // Whoever asks from now on arrived after this probe started: they wait for the one after.
      if (next === probe) next = null;
      lastStart = performance.now();
      const available = await probeOnce();
      if (available === away) options.changed?.(available);
      away = !available;
      return available;
    });
    next = probe;
    return probe;
  };

  return {
    admit() {
      if (!away) return null;
      return check().then((available) => {
        if (!available) throw new DatabaseUnavailable();
      });
    },
    check,
    suspect() {
      void check();
    },
  };
}

type Unsafe = (query: string, ...rest: unknown[]) => PromiseLike<unknown> & Record<string, unknown>;

/**
 * A view of a postgres.js client with `gate` in front of what drizzle asks of it: a query
 * (`unsafe`), a transaction (`begin`) and a reserved connection (`reserve`); the rest is the
 * client's own. The client itself is left as the library made it. While the database answers,
 * they go straight through; the statements of a transaction under way are never held.
 */
export function gatedClient(client: Sql, gate: Availability): Sql {
  const unsafe = client.unsafe.bind(client) as unknown as Unsafe;
  const gated: Record<string, unknown> = {
    unsafe: (query: string, ...rest: unknown[]) => {
      const admitted = gate.admit();
      return admitted ? afterAdmission(admitted, () => unsafe(query, ...rest)) : unsafe(query, ...rest);
    },
  };
  for (const name of ['begin', 'reserve'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    gated[name] = (...args: unknown[]) => {
      const admitted = gate.admit();
      return admitted ? admitted.then(() => original(...args)) : original(...args);
    };
  }
  return new Proxy(client, {
    get: (target, key, receiver) =>
      typeof key === 'string' && key in gated ? gated[key] : Reflect.get(target, key, receiver),
  });
}

/**
 * A query made once `admitted` settles: like postgres.js's own, it is lazy (it runs when awaited)
 * and takes the modifiers drizzle uses (`values()`, `raw()`) before it runs.
 */
function afterAdmission(admitted: Promise<void>, make: () => ReturnType<Unsafe>) {
  let modify = (query: ReturnType<Unsafe>) => query;
  let result: Promise<unknown> | null = null;
  const run = () => {
    result ??= admitted.then(() => modify(make()));
    return result;
  };
  const deferred = {
    values() {
      modify = (query) => (query.values as () => ReturnType<Unsafe>)();
      return deferred;
    },
    raw() {
      modify = (query) => (query.raw as () => ReturnType<Unsafe>)();
      return deferred;
    },
    // biome-ignore lint/suspicious/noThenProperty: a lazy query is a thenable, as postgres.js's own are
    then(onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) {
      return run().then(onFulfilled, onRejected);
    },
    catch(onRejected: (reason: unknown) => unknown) {
      return run().catch(onRejected);
    },
    finally(onFinally: () => void) {
      return run().finally(onFinally);
    },
  };
  return deferred;
}
