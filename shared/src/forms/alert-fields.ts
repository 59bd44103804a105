/**
 * A job alert's fields: their names and the frequencies, apart from the schema that checks them
 * (alert-schema.ts), so the board's plain form is rendered without the schema's code and the
 * validation library (the interactive form, which checks, loads when it is opened).
 */
export const alertFrequencies = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** The field names a subscription is sent with (a form's inputs, a JSON body's keys). */
export const alertFieldNames = {
  email: 'email',
  frequency: 'frequency',
  workspace: 'workspace_slug',
  captcha: 'recaptcha_token',
  /** The plain form's way back: a path on the board. */
  returnTo: 'return_to',
} as const;
