/**
 * The commands' way to a running API (`npm start`'s PGlite board, or a deployment's): its
 * operator endpoints (`/operator/...`), with OPERATOR_TOKEN as the bearer token when set.
 */

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
  let response: Response;
  try {
    response = await fetch(`${call.apiUrl}/operator/${call.path}`, {
      method: call.method,
      headers: {
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch {
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
  return response;
}
