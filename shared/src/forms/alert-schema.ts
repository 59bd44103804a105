import type { JobSearch } from '@board/shared/api/job-search';
import { jobSearchParams, parseJobSearch } from '@board/shared/api/job-search-query';
import { type AlertFrequency, alertFrequencies } from '@board/shared/forms/alert-fields';
import { applicationTextEntries } from '@board/shared/forms/application-schema';
import * as v from 'valibot';

/**
 * A job alert's subscription: one schema, used by the board's "Get job alerts" form and by the
 * API (JSON and the plain HTML form post alike). The address follows the application form's
 * email rules exactly; the search is call 1's, read by call 1's own parser.
 */
const alertMessages = {
  frequencyInvalid: 'Choose daily or weekly',
  workspaceInvalid: 'Unknown board',
} as const;

const alertSubscriptionSchema = v.object({
  email: applicationTextEntries.email,
  frequency: v.optional(v.picklist(alertFrequencies, alertMessages.frequencyInvalid), 'daily'),
  workspace_slug: v.optional(
    v.pipe(v.string(alertMessages.workspaceInvalid), v.regex(/^[a-z0-9-]{1,100}$/, alertMessages.workspaceInvalid)),
  ),
});

export interface AlertSubscription {
  email: string;
  frequency: AlertFrequency;
  /** undefined: all jobs. */
  workspaceSlug?: string;
  /** The saved search (its sort and ids are not part of an alert). */
  search: JobSearch;
}

export type AlertSubscriptionParse =
  | { ok: true; value: AlertSubscription }
  | { ok: false; errors: Partial<Record<string, string>> };

/**
 * A subscription from its fields (strings, as a form or a JSON body sends them): `email`,
 * `frequency`, `workspace_slug` and call 1's search parameters (`title`, `location`, `workplace`…).
 * Errors are keyed by field name.
 */
export function parseAlertSubscription(fields: Record<string, unknown>): AlertSubscriptionParse {
  const errors: Record<string, string> = {};
  const text = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? fields[name] : undefined);
  const result = v.safeParse(alertSubscriptionSchema, {
    email: typeof fields.email === 'string' ? fields.email : undefined,
    frequency: text('frequency'),
    workspace_slug: text('workspace_slug'),
  });
  if (!result.success) {
    for (const issue of result.issues) {
      const key = v.getDotPath(issue) ?? 'email';
      errors[key] ??= issue.message;
    }
  }
  const params = new URLSearchParams();
  for (const name of jobSearchParams) {
    const value = text(name);
    if (typeof value === 'string' && name !== 'ids' && name !== 'sort') params.set(name, value);
  }
  const search = parseJobSearch(params);
  if (!search.ok) errors.search = search.message;
  if (!result.success || !search.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email: result.output.email,
      frequency: result.output.frequency,
      ...(result.output.workspace_slug === undefined ? {} : { workspaceSlug: result.output.workspace_slug }),
      search: search.search,
    },
  };
}
