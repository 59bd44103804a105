import { type ApplicationTextField, applicationLimits } from '@board/shared/forms/application-fields';
import { isOneLineText, isTypeable } from '@board/shared/lib/typeable';
import * as v from 'valibot';

/**
 * The application: one schema, written once, used by the form (react-hook-form resolver) and by
 * the API (call 6). Rules and messages are SPEC section 5's, exactly; the fields, their limits
 * and multipart names are the table in application-fields.ts.
 */
export { applicationFieldNames, optionalApplicationFields } from '@board/shared/forms/application-fields';

const limit = applicationLimits;

/** 10 MB: a resume of exactly this many bytes is accepted, one byte more is refused. */
export const resumeMaxBytes = 10 * 1024 * 1024;
export const resumeType = 'application/pdf';

const linkedinPrefixes = ['https://www.linkedin.com/in/', 'https://linkedin.com/in/'] as const;

export const applicationMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 200 characters',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 200 characters',
  linkedinTooLong: 'LinkedIn URL must be less than 500 characters',
  linkedinPrefix: 'LinkedIn URL must start with https://www.linkedin.com/in/ or https://linkedin.com/in/',
  resumeRequired: 'Resume is required',
  resumeTooLarge: 'File size must be less than 10MB',
  resumeNotPdf: 'Only PDF files are allowed',
  salaryRequired: 'Salary expectations are required',
  salaryTooLong: 'Salary expectations must be less than 200 characters',
  phoneTooLong: 'Phone number must be less than 20 characters',
  githubInvalid: 'Please enter a valid GitHub URL',
  githubTooLong: 'GitHub URL must be less than 500 characters',
  portfolioInvalid: 'Please enter a valid portfolio URL',
  portfolioTooLong: 'Portfolio URL must be less than 500 characters',
  additionalInfoTooLong: 'Additional information must be less than 1000 characters',
  motivationTooLong: 'Motivation must be less than 1000 characters',
  captchaRequired: 'Please complete the reCAPTCHA verification',
  termsRequired: 'You must accept the Terms of Service and Privacy Policy',
  invalidInput: 'Invalid input',
} as const;

const m = applicationMessages;

const typeable = v.check(isTypeable, m.invalidInput);
/** A field of one line (every field but the two long texts): no line break, tab or direction control either. */
const oneLine = v.check(isOneLineText, m.invalidInput);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An optional http(s) URL: empty is fine, anything else must parse. */
function optionalUrl(max: number, invalid: string, tooLong: string) {
  return v.optional(
    v.pipe(
      v.string(),
      oneLine,
      v.trim(),
      v.maxLength(max, tooLong),
      v.check((value) => value === '' || isHttpUrl(value), invalid),
    ),
    '',
  );
}

function optionalText(max: number, tooLong: string, line: typeof typeable = typeable) {
  return v.optional(v.pipe(v.string(), line, v.trim(), v.maxLength(max, tooLong)), '');
}

/** The candidate's text fields: what call 6 carries besides the file, the captcha and the job. */
export const applicationTextEntries = {
  name: v.pipe(
    v.string(m.nameRequired),
    oneLine,
    v.trim(),
    v.nonEmpty(m.nameRequired),
    v.maxLength(limit.name, m.nameTooLong),
  ),
  email: v.pipe(
    v.string(m.emailInvalid),
    oneLine,
    v.trim(),
    v.maxLength(limit.email, m.emailTooLong),
    v.email(m.emailInvalid),
  ),
  linkedin: v.pipe(
    v.string(m.linkedinPrefix),
    oneLine,
    v.trim(),
    v.maxLength(limit.linkedin, m.linkedinTooLong),
    v.check(
      (value) => linkedinPrefixes.some((prefix) => value.startsWith(prefix)) && isHttpUrl(value),
      m.linkedinPrefix,
    ),
  ),
  salaryExpectations: v.pipe(
    v.string(m.salaryRequired),
    oneLine,
    v.trim(),
    v.nonEmpty(m.salaryRequired),
    v.maxLength(limit.salaryExpectations, m.salaryTooLong),
  ),
  phone: optionalText(limit.phone, m.phoneTooLong, oneLine),
  github: optionalUrl(limit.github, m.githubInvalid, m.githubTooLong),
  portfolio: optionalUrl(limit.portfolio, m.portfolioInvalid, m.portfolioTooLong),
  additionalInfo: optionalText(limit.additionalInfo, m.additionalInfoTooLong),
  motivation: optionalText(limit.motivation, m.motivationTooLong),
} satisfies Record<ApplicationTextField, unknown>;

export const applicationTextSchema = v.object(applicationTextEntries);

/** What the resume rules need of a file; a browser File and Node's File both have it. */
interface FileLike {
  name: string;
  size: number;
  type: string;
}

function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileLike).name === 'string' &&
    typeof (value as FileLike).size === 'number' &&
    typeof (value as FileLike).type === 'string'
  );
}

/**
 * The resume check of the form, run on select, on drop and on submit: required, then size, then
 * type. (The API checks the content itself: see api/src/applications.)
 */
export function resumeProblem(value: unknown): string | null {
  if (!isFileLike(value)) return m.resumeRequired;
  if (value.size > resumeMaxBytes) return m.resumeTooLarge;
  if (value.type !== resumeType) return m.resumeNotPdf;
  return null;
}

const resumeSchema = v.pipe(
  v.custom<File>(isFileLike, m.resumeRequired),
  v.check(
    (file) => resumeProblem(file) === null,
    (issue) => resumeProblem(issue.input) ?? m.resumeRequired,
  ),
);

const captchaTokenSchema = v.pipe(v.string(m.captchaRequired), v.minLength(1, m.captchaRequired));

export const applicationFormSchema = v.object({
  ...applicationTextEntries,
  resume: resumeSchema,
  recaptchaToken: captchaTokenSchema,
  acceptTerms: v.literal(true, m.termsRequired),
});

export type ApplicationFormInput = v.InferInput<typeof applicationFormSchema>;
export type ApplicationFormValues = v.InferOutput<typeof applicationFormSchema>;
