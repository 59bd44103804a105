import {
  type ApplicationFormValues,
  applicationFieldNames,
  optionalApplicationFields,
} from '@board/shared/forms/application-schema';
import { brand } from '@board/shared/lib/brand';

/** Call 6's multipart body: the field names of SPEC section 7, optional fields only when filled. */
export function buildApplicationFormData(
  values: ApplicationFormValues,
  context: { jobId: string; applicationSource?: string | null; talentPartnerId?: string | null },
): FormData {
  const data = new FormData();
  data.append('job_posting_id', context.jobId);
  data.append('application_source', context.applicationSource?.trim() || brand.applicationSource);
  for (const [field, name] of Object.entries(applicationFieldNames) as [keyof typeof applicationFieldNames, string][]) {
    const value = values[field] ?? '';
    if ((optionalApplicationFields as readonly string[]).includes(field) && value === '') continue;
    data.append(name, value);
  }
  data.append('candidate_resume', values.resume, values.resume.name);
  data.append('recaptcha_token', values.recaptchaToken);
  if (context.talentPartnerId?.trim()) data.append('talent_partner_user_id', context.talentPartnerId.trim());
  return data;
}

export type SubmitResult = { ok: true } | { ok: false; status: number | null; body: unknown };

/** POST /public/job-application/. The answer's body is read only for errors. */
export async function submitApplication(apiBaseUrl: string, data: FormData): Promise<SubmitResult> {
  try {
    // No Content-Type header: the browser sets multipart/form-data with its boundary.
    const response = await fetch(`${apiBaseUrl.replace(/\/+$/, '')}/public/job-application/`, {
      method: 'POST',
      body: data,
      signal: AbortSignal.timeout(30_000),
    });
    if (response.ok) return { ok: true };
    return { ok: false, status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { ok: false, status: null, body: null };
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The error toast for a failed submit (SPEC section 8). */
export function submitErrorMessage(status: number | null, body: unknown): string {
  const answer = (body ?? {}) as { message?: unknown; detail?: unknown };
  if (status === 400)
    return text(answer.message) ?? text(answer.detail) ?? 'Invalid application data. Please check your inputs.';
  if (status === 422) return 'The form data are not correct. Please check your inputs.';
  if (status === 404) return 'Job posting not found. Please try again.';
  if (status === 413) return 'File size too large. Please upload a smaller resume.';
  // Not in the spec's table: a rate-limited visitor is told to wait, not to check the connection.
  if (status === 429) return text(answer.message) ?? 'Too many applications from this address. Please try again later.';
  if (status !== null && status >= 500) return 'An error occurred. Please try again later.';
  return 'Failed to submit application. Please check your connection and try again.';
}

/** A 422 answer's per-field messages, by form field. */
export function fieldErrorsFrom(
  body: unknown,
): Partial<Record<keyof typeof applicationFieldNames | 'resume' | 'recaptchaToken', string>> {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail !== 'object' || detail === null) return {};
  const byName: Record<string, string> = {
    ...Object.fromEntries(Object.entries(applicationFieldNames).map(([field, name]) => [name, field])),
    candidate_resume: 'resume',
    recaptcha_token: 'recaptchaToken',
  };
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(detail)) {
    const field = byName[name];
    if (field && typeof message === 'string') errors[field] = message;
  }
  return errors;
}
