/**
 * The application's fields, each written once (SPEC sections 2, 5 and 7), in page order: the
 * form's label and control, the multipart name of call 6, whether the candidate may leave it
 * empty, and its length limit. The valibot schema (application-schema.ts), the draft's shape, the
 * form's order and the multipart body derive from this table; the API reads the same names.
 */
interface FieldBase {
  label: string;
  /** The candidate must fill it (the form marks it with an asterisk). */
  required: boolean;
}

interface TextField extends FieldBase {
  control: 'input' | 'textarea';
  /** The multipart field of call 6. */
  multipart: string;
  maxLength: number;
  /** Call 6 carries an optional field only when it is filled; `true`: always (SPEC section 7). */
  sentWhenEmpty?: boolean;
  type?: 'text' | 'email' | 'url' | 'tel';
  autoComplete?: string;
  placeholder?: string;
}

const text = <const T extends Omit<TextField, 'control'>>(field: T) => ({ ...field, control: 'input' as const });
const longText = <const T extends Omit<TextField, 'control' | 'required'>>(field: T) => ({
  ...field,
  control: 'textarea' as const,
  required: false as const,
});

export const applicationFields = {
  name: text({ label: 'Name', required: true, multipart: 'candidate_name', maxLength: 200, autoComplete: 'name' }),
  email: text({
    label: 'E-mail',
    required: true,
    multipart: 'candidate_email',
    maxLength: 200,
    type: 'email',
    autoComplete: 'email',
  }),
  linkedin: text({
    label: 'LinkedIn URL',
    required: true,
    multipart: 'candidate_linkedin_url',
    maxLength: 500,
    type: 'url',
    autoComplete: 'url',
    placeholder: 'https://www.linkedin.com/in/your-name',
  }),
  resume: { control: 'resume', label: 'Resume', required: true, multipart: 'candidate_resume' },
  salaryExpectations: text({
    label: 'Salary expectations',
    required: true,
    multipart: 'candidate_salary_expectations',
    maxLength: 200,
    placeholder: 'e.g. $80,000 - $100,000',
  }),
  phone: text({
    label: 'Phone',
    required: false,
    multipart: 'candidate_phone',
    maxLength: 20,
    type: 'tel',
    autoComplete: 'tel',
  }),
  github: text({
    label: 'GitHub URL',
    required: false,
    multipart: 'candidate_github_url',
    maxLength: 500,
    type: 'url',
    placeholder: 'https://github.com/your-name',
  }),
  portfolio: text({
    label: 'Portfolio URL',
    required: false,
    multipart: 'candidate_portfolio_url',
    maxLength: 500,
    type: 'url',
    placeholder: 'https://',
  }),
  additionalInfo: longText({
    label: 'Any additional information and questions you would like to ask us!',
    multipart: 'candidate_additional_info',
    maxLength: 1000,
  }),
  motivation: longText({
    label: 'Why this role is interesting for you.',
    multipart: 'candidate_motivation',
    maxLength: 1000,
    sentWhenEmpty: true,
  }),
  acceptTerms: { control: 'terms', label: 'I accept the Terms of Service and Privacy Policy', required: true },
  recaptchaToken: { control: 'captcha', label: 'Security Verification', required: true, multipart: 'recaptcha_token' },
} as const;

export type ApplicationField = keyof typeof applicationFields;

/** The candidate's text fields: what call 6 carries besides the file, the captcha and the job. */
export type ApplicationTextField = {
  [K in ApplicationField]: (typeof applicationFields)[K] extends { maxLength: number } ? K : never;
}[ApplicationField];

/** Every field in page order: a failed submit focuses the first invalid one. */
export const applicationFieldOrder = Object.keys(applicationFields) as ApplicationField[];

function isTextField(name: ApplicationField): name is ApplicationTextField {
  return 'maxLength' in applicationFields[name];
}

export const applicationTextFields: readonly ApplicationTextField[] = applicationFieldOrder.filter(isTextField);

const byTextField = <T>(pick: (name: ApplicationTextField) => T) =>
  Object.fromEntries(applicationTextFields.map((name) => [name, pick(name)])) as Record<ApplicationTextField, T>;

/** Form field -> multipart field of call 6 (SPEC section 7). */
export const applicationFieldNames = byTextField((name) => applicationFields[name].multipart);

/** The text limits of SPEC section 5. */
export const applicationLimits = byTextField((name) => applicationFields[name].maxLength);

/** The text fields a candidate may leave empty; the API reads a missing one as empty. */
export const optionalApplicationFields: readonly ApplicationTextField[] = applicationTextFields.filter(
  (name) => !applicationFields[name].required,
);

/** The SPEC's optional fields of call 6: sent only when filled. */
export const omittedWhenEmpty: readonly ApplicationTextField[] = optionalApplicationFields.filter(
  (name) => !('sentWhenEmpty' in applicationFields[name]),
);

/** Multipart field of call 6 -> form field, for every field call 6 carries (a 422's per-field messages). */
export const applicationFieldsByMultipart: Record<string, ApplicationField> = Object.fromEntries(
  applicationFieldOrder.flatMap((name) => {
    const field = applicationFields[name];
    return 'multipart' in field ? [[field.multipart, name]] : [];
  }),
);
