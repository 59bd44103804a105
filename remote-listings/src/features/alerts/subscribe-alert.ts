import { ApiError } from '@board/shared/api/api-client';
import type { JobSearch } from '@board/shared/api/job-search';
import { jobSearchQuery } from '@board/shared/api/job-search-params';
import { alertFieldNames } from '@board/shared/forms/alert-fields';
import { useMutation } from '@board/shared/lib/query';
import { useApiClient } from '@board/shared/react/api-client';

/** The API's subscribe endpoint: a JSON post, or the plain form's action without JavaScript. */
export const subscribePath = '/public/alerts/subscribe';

/** What the board adds to the URL once the plain form's post comes back (api/README.md, "Job alerts"). */
export const alertNoticeParam = 'alert';
export const alertNoticeValue = 'check-your-inbox';

/**
 * The search's fields as the API takes them (call 1's parameter names), plus the workspace: the
 * plain form's hidden inputs and the JSON body's keys. An alert has no order and no id list.
 */
export function alertSearchFields(search: JobSearch, workspaceSlug: string | null): Record<string, string> {
  const { limit: _limit, cursor: _cursor, sort: _sort, ids: _ids, ...query } = jobSearchQuery(search, { limit: 1 });
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined) fields[name] = value;
  if (workspaceSlug) fields[alertFieldNames.workspace] = workspaceSlug;
  return fields;
}

/** How a subscribe request ended, for the form: accepted, field errors, the captcha, or a message. */
export type SubscribeFailure =
  | { kind: 'fields'; errors: Record<string, string> }
  | { kind: 'captcha'; message: string }
  | { kind: 'message'; message: string };

export function subscribeFailure(error: unknown): SubscribeFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'message', message: 'The alert could not be saved. Check your connection and try again.' };
  }
  const body = (error.body ?? {}) as { message?: unknown; detail?: unknown; captcha_required?: unknown };
  if (error.status === 429 && body.captcha_required === true) {
    return { kind: 'captcha', message: 'Please complete the security check, then try again.' };
  }
  if (error.status === 422 && typeof body.detail === 'object' && body.detail !== null) {
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(body.detail))
      if (typeof message === 'string') errors[field] = message;
    if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  }
  if (error.status === 429) return { kind: 'message', message: 'Too many requests. Please try again later.' };
  return { kind: 'message', message: 'The alert could not be saved. Please try again later.' };
}

/** The subscribe request through the board's API client. */
export function useSubscribeAlert() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: Record<string, string>) => client.postJson(subscribePath, body),
  });
}
