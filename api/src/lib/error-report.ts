/**
 * What the log may say about an unexpected error: its class and code, never its message. A
 * failed query's message carries the query's parameters (a candidate's name, email, salary...).
 */
export function errorReport(error: unknown): { error_class: string; cause_class?: string; code?: string } {
  const cause = rootCause(error);
  return {
    error_class: className(error),
    ...(cause !== error ? { cause_class: className(cause) } : {}),
    ...(errorCode(cause) ? { code: errorCode(cause) } : {}),
  };
}

/**
 * The database is unreachable, restarting, out of room or briefly overloaded: nothing was
 * stored, and the same request may succeed in a moment (503 with Retry-After, not 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(rootCause(error)) ?? '';
  return (
    /^(08|53|57P0)/.test(code) || // connection exception, insufficient resources, shutdown / cannot connect now
    ['40001', '40P01'].includes(code) || // serialization failure, deadlock: retry
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)$/.test(code) ||
    /^CONNECT(ION)?_/.test(code) // postgres.js: CONNECTION_CLOSED, CONNECTION_ENDED, CONNECT_TIMEOUT...
  );
}

function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) {
    current = current.cause;
  }
  return current;
}

function className(error: unknown): string {
  if (error instanceof Error) return error.constructor.name || error.name;
  return typeof error;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : undefined;
}
