import { wireDate } from '@board/shared/api/job-wire';
import * as v from 'valibot';

/**
 * Call 6's answer and the error answer every call shares, as the API sends them. Part of the wire
 * contract (page-bodies.ts); the board reads an error by these keys (api-client.ts).
 */

/** Call 6's 201: the application and its resume are stored (the SPEC's board does not read it). */
export const ApplicationReceivedWire = v.strictObject({ id: v.pipe(v.string(), v.uuid()), received_at: wireDate });

/**
 * Every error answer: a message, and a detail that is a sentence or a message per field (call 6's
 * 422, keyed by the multipart names).
 */
export const ErrorWire = v.strictObject({
  message: v.string(),
  detail: v.exactOptional(v.union([v.string(), v.record(v.string(), v.string())])),
});

export type ApplicationReceivedBody = v.InferInput<typeof ApplicationReceivedWire>;
export type ErrorBody = v.InferInput<typeof ErrorWire>;
