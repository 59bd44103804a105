import { type ApplicationTextField, applicationTextFields } from '@board/shared/forms/application-fields';
import * as v from 'valibot';

/**
 * The application draft (SPEC section 3): kept in local storage per job, every form value except
 * the resume file and the captcha token; the resume only as name, size and type. A draft that does
 * not parse, or belongs to another job, is ignored.
 */
const textFields = applicationTextFields;

const draftText = v.optional(v.pipe(v.string(), v.maxLength(5000)), '');

const draftTextEntries = Object.fromEntries(textFields.map((field) => [field, draftText])) as Record<
  ApplicationTextField,
  typeof draftText
>;

const DraftSchema = v.object({
  version: v.literal(1),
  jobId: v.string(),
  values: v.object({ ...draftTextEntries, acceptTerms: v.optional(v.boolean(), false) }),
  resume: v.optional(v.nullable(v.object({ name: v.string(), size: v.number(), type: v.string() })), null),
});

export type Draft = v.InferOutput<typeof DraftSchema>;
export type ResumeMeta = NonNullable<Draft['resume']>;

export function draftKey(jobId: string) {
  return `board:application-draft:${jobId}`;
}

export function loadDraft(jobId: string, storage: Storage = localStorage): Draft | null {
  try {
    const raw = storage.getItem(draftKey(jobId));
    if (!raw) return null;
    const result = v.safeParse(DraftSchema, JSON.parse(raw));
    return result.success && result.output.jobId === jobId ? result.output : null;
  } catch {
    return null;
  }
}

/** Saves when any field holds a value; removes the draft when all are empty. */
export function saveDraft(
  jobId: string,
  values: Partial<Record<ApplicationTextField, string>> & { acceptTerms?: boolean },
  resume: ResumeMeta | null,
  storage: Storage = localStorage,
) {
  const kept = Object.fromEntries(textFields.map((field) => [field, values[field] ?? '']));
  const hasValue =
    textFields.some((field) => (values[field] ?? '').trim() !== '') || values.acceptTerms === true || resume !== null;
  try {
    if (!hasValue) {
      storage.removeItem(draftKey(jobId));
      return;
    }
    storage.setItem(
      draftKey(jobId),
      JSON.stringify({ version: 1, jobId, values: { ...kept, acceptTerms: values.acceptTerms === true }, resume }),
    );
  } catch {
    // Storage full or disabled (private mode): the form still works, only the draft is lost.
  }
}

export function clearDraft(jobId: string, storage: Storage = localStorage) {
  try {
    storage.removeItem(draftKey(jobId));
  } catch {
    // nothing to clear
  }
}
