import { alertFieldNames, alertFrequencies } from '@board/shared/forms/alert-fields';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { Button } from '@board/shared/ui/button';
import { Input } from '@board/shared/ui/input';
import { NativeSelect } from '@board/shared/ui/native-select';
import { type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { subscribePath } from './subscribe-alert';

/** What an alert's form is for: the board on screen. */
export interface AlertSearchProps {
  /** What the alert follows, in words ("Engineer · Remote · all jobs"). */
  description: string;
  /** The search and the workspace, as the API's field names. */
  searchFields: Record<string, string>;
  /** The board path and query the plain form comes back to. */
  returnTo: string;
}

/**
 * The alert's form as HTML: an email, daily or weekly, and the search it follows in words, posting
 * to the API with the search and the way back in hidden inputs, so it works before and without
 * JavaScript. `PlainAlertForm` is that alone; `AlertForm` (alert-form.tsx, loaded when the dialog
 * first opens) adds the checks, the captcha and the answer.
 */
export function AlertFields({
  id,
  description,
  searchFields,
  returnTo,
  errors = {},
  email,
  pending = false,
  onSubmit,
  children,
}: AlertSearchProps & {
  /** The prefix of the fields' ids. */
  id: string;
  errors?: Record<string, string>;
  email?: Ref<HTMLInputElement>;
  pending?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Before the submit button: the captcha, when asked for. */
  children?: ReactNode;
}) {
  const { apiBaseUrl } = useRuntimeConfig();
  const emailError = errors[alertFieldNames.email];
  const frequencyError = errors[alertFieldNames.frequency];
  const searchError = errors.search ?? errors[alertFieldNames.workspace];
  return (
    <form
      method="post"
      action={`${apiBaseUrl.replace(/\/+$/, '')}${subscribePath}`}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
    >
      {Object.entries(searchFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={alertFieldNames.returnTo} value={returnTo} />
      <div className="text-sm">
        <p className="text-muted">New jobs matching</p>
        <p id={`${id}-search`} className="font-medium text-ink">
          {description}
        </p>
        {searchError ? (
          <p id={`${id}-search-error`} className="mt-1 text-danger">
            {searchError}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-email`} className="block text-sm font-medium text-ink">
          Email
        </label>
        <Input
          ref={email}
          id={`${id}-email`}
          name={alertFieldNames.email}
          type="email"
          autoComplete="email"
          required
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className="text-sm text-danger">
            {emailError}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-frequency`} className="block text-sm font-medium text-ink">
          How often
        </label>
        <NativeSelect
          id={`${id}-frequency`}
          name={alertFieldNames.frequency}
          defaultValue="daily"
          aria-invalid={frequencyError ? true : undefined}
          aria-describedby={frequencyError ? `${id}-frequency-error` : undefined}
        >
          {alertFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequency === 'daily' ? 'Daily' : 'Weekly'}
            </option>
          ))}
        </NativeSelect>
        {frequencyError ? (
          <p id={`${id}-frequency-error`} className="text-sm text-danger">
            {frequencyError}
          </p>
        ) : null}
      </div>
      {children}
      <Button type="submit" disabled={pending} className="w-full justify-center">
        {pending ? 'Saving…' : 'Create alert'}
      </Button>
    </form>
  );
}

/** The form before the page is hydrated, and without JavaScript: it posts, and the API comes back to the board. */
export function PlainAlertForm(props: AlertSearchProps) {
  return <AlertFields id={useId()} {...props} />;
}
