import { ApiError } from '@board/shared/api/api-client';
import type { ErrorBody } from '@board/shared/api/application-bodies';
import {
  type ApplicationField,
  applicationFieldNames,
  applicationFields,
  applicationFieldsByMultipart,
  applicationTextFields,
  omittedWhenEmpty,
} from '@board/shared/forms/application-fields';
import type { ApplicationFormValues } from '@board/shared/forms/application-schema';
import { closedJobMessage } from '@board/shared/forms/closed-job';
import { brand } from '@board/shared/lib/brand';
import { useMutation, useQueryClient } from '@board/shared/lib/query';
import { useApiClient } from '@board/shared/react/api-client';

/** Call 6's path (SPEC section 7). */
const applicationPath = '/public/job-application/';

/** Call 6's multipart body: the field names of SPEC section 7, optional fields only when filled. */
export function buildApplicationFormData(
  values: ApplicationFormValues,
  context: { jobId: string; applicationSource?: string | null; talentPartnerId?: string | null },
): FormData {
  const data = new FormData();
  data.append('job_posting_id', context.jobId);
  data.append('application_source', context.applicationSource?.trim() || brand.applicationSource);
  for (const field of applicationTextFields) {
    const value = values[field] ?? '';
    if (omittedWhenEmpty.includes(field) && value === '') continue;
    data.append(applicationFieldNames[field], value);
  }
  data.append(applicationFields.resume.multipart, values.resume, values.resume.name);
  data.append(applicationFields.recaptchaToken.multipart, values.recaptchaToken);
  if (context.talentPartnerId?.trim()) data.append('talent_partner_user_id', context.talentPartnerId.trim());
  return data;
}

const submitKey = ['board', 'submit-application'] as const;

/**
 * Call 6 as a TanStack mutation, through the board's API client. `inFlight()` reads the mutation
 * cache, so it is true from the moment a submit starts, before React renders again: while one is
 * pending the form sends no second one (a double click sends one request).
 */
export function useSubmitApplication() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: submitKey,
    mutationFn: (data: FormData) => client.postForm(applicationPath, data),
  });
  return { ...mutation, inFlight: () => queryClient.isMutating({ mutationKey: submitKey }) > 0 };
}

/** What a failed submit tells the form: the status (null when no answer came) and the answer's body. */
export function failureOf(error: unknown): { status: number | null; body: unknown } {
  return error instanceof ApiError ? { status: error.status, body: error.body } : { status: null, body: null };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The error toast for a failed submit (SPEC section 8). */
export function submitErrorMessage(status: number | null, body: unknown): string {
  const answer = (body ?? {}) as { [Key in keyof ErrorBody]?: unknown };
  if (status === 400)
    return text(answer.message) ?? text(answer.detail) ?? 'Invalid application data. Please check your inputs.';
  if (status === 422) return 'The form data are not correct. Please check your inputs.';
  if (status === 404) return 'Job posting not found. Please try again.';
  if (status === 413) return 'File size too large. Please upload a smaller resume.';
  // Not in the spec's table: the job closed while the form was open. The form keeps what was typed.
  if (status === 410) return text(answer.message) ?? closedJobMessage;
  // Not in the spec's table: a rate-limited visitor is told to wait, not to check the connection.
  if (status === 429) return text(answer.message) ?? 'Too many applications from this address. Please try again later.';
  if (status !== null && status >= 500) return 'An error occurred. Please try again later.';
  return 'Failed to submit application. Please check your connection and try again.';
}

/** A 422 answer's per-field messages, by form field. */
export function fieldErrorsFrom(body: unknown): Partial<Record<ApplicationField, string>> {
  const detail = (body as { [Key in keyof ErrorBody]?: unknown } | null)?.detail;
  if (typeof detail !== 'object' || detail === null) return {};
  const errors: Partial<Record<ApplicationField, string>> = {};
  for (const [name, message] of Object.entries(detail)) {
    const field = applicationFieldsByMultipart[name];
    if (field && typeof message === 'string') errors[field] = message;
  }
  return errors;
}
