import { Agent, fetch } from 'undici';

/**
 * The commands' way to a running API (`npm start`'s PGlite board, or a deployment's): its
 * operator endpoints (`/operator/...`), with OPERATOR_TOKEN as the bearer token when set. The call
 * waits as long as the command says (`timeoutMs`: an enrichment of many sites, a sync of many
 * sources take minutes), and no less: the HTTP client's own limits (undici's 5 minutes for the
 * answer's headers, and between two parts of its body) are lifted, the command's signal is the limit.
 */
const untimed = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/** The API cannot be reached, or refused the call: `message` is the one line the command prints. */
export class OperatorCallError extends Error {}

export interface OperatorCall {
  apiUrl: string;
  token: string | undefined;
  method: 'GET' | 'POST';
  /** From `/operator/`, e.g. `privacy/purge`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs: number;
}

/** The API's answer when it is a 2xx; otherwise an OperatorCallError saying why, in one line. */
export async function callOperator(call: OperatorCall): Promise<Response> {
  let response: Awaited<ReturnType<typeof fetch>>;
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    response = await fetch(`${call.apiUrl}/operator/${call.path}`, {
      dispatcher: untimed,
      method: call.method,
      headers: {
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
    });
  } catch {
    if (signal.aborted)
      throw new OperatorCallError(
        `The API did not answer within ${duration(call.timeoutMs)} at ${call.apiUrl} (it may still be working: see its log).`,
      );
    throw new OperatorCallError(
      `The API is not answering at ${call.apiUrl}. Start the board (npm start, or pnpm --filter @board/api start), or set DATABASE_URL to work on PostgreSQL directly.`,
    );
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown; detail?: unknown };
    const message = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
    const detail = typeof answer.detail === 'string' ? answer.detail : '';
    // A 422 is the command's own mistake (an unknown workspace, say): its line as the API wrote it.
    throw new OperatorCallError(
      response.status === 422 ? message : `The API refused (${response.status}): ${message} ${detail}`.trim(),
    );
  }
  // undici's Response is the platform's (its body the same web stream): typed as the one callers know.
  return response as unknown as Response;
}

/** `1 hour`, `10 minutes`, `30 seconds`. */
function duration(ms: number): string {
  const [amount, unit] =
    ms >= 3_600_000 ? [ms / 3_600_000, 'hour'] : ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
  const rounded = Math.round(amount * 10) / 10;
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}
