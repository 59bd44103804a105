import { alertFieldNames, alertFrequencies, parseAlertSubscription } from '@board/shared/forms/alert-schema';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { Button } from '@board/shared/ui/button';
import { Captcha, type CaptchaHandle } from '@board/shared/ui/captcha';
import { Input } from '@board/shared/ui/input';
import { NativeSelect } from '@board/shared/ui/native-select';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { subscribeFailure, subscribePath, useSubscribeAlert } from './subscribe-alert';

export const checkInboxText = 'Check your inbox: we sent you a link to confirm the alert.';

/**
 * The alert's form: an email, daily or weekly, and the search it follows in words. It is a plain
 * form posting to the API (the fields below and hidden inputs for the search and the way back), so
 * it works before and without JavaScript; with JavaScript the same fields are checked with the
 * shared schema and sent as JSON, and the answer is shown here.
 */
export function AlertForm({
  description,
  searchFields,
  returnTo,
}: {
  /** What the alert follows, in words ("Engineer · Remote · all jobs"). */
  description: string;
  /** The search and the workspace, as the API's field names. */
  searchFields: Record<string, string>;
  /** The board path and query the plain form comes back to. */
  returnTo: string;
}) {
  const { apiBaseUrl } = useRuntimeConfig();
  const id = useId();
  const email = useRef<HTMLInputElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const subscribe = useSubscribeAlert();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaToken, setCaptchaToken] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && name !== alertFieldNames.returnTo) fields[name] = value;
    }
    const parsed = parseAlertSubscription(fields);
    if (!parsed.ok) {
      setErrors(parsed.errors as Record<string, string>);
      setResult(null);
      if (parsed.errors.email) email.current?.focus();
      return;
    }
    if (captchaNeeded && !captchaToken) {
      setErrors({ captcha: 'Please complete the security check.' });
      captcha.current?.focus();
      return;
    }
    setErrors({});
    setResult(null);
    const body = captchaNeeded ? { ...fields, [alertFieldNames.captcha]: captchaToken } : fields;
    subscribe.mutate(body, {
      onSuccess: () => {
        setResult({ ok: true, text: checkInboxText });
        toast.success('Check your inbox to confirm your job alert.');
      },
      onError: (error) => {
        if (captchaNeeded) captcha.current?.reset();
        const failure = subscribeFailure(error);
        if (failure.kind === 'fields') {
          setErrors(failure.errors);
          if (failure.errors.email) email.current?.focus();
        } else if (failure.kind === 'captcha') {
          setCaptchaNeeded(true);
          setErrors({ captcha: failure.message });
        } else {
          setResult({ ok: false, text: failure.message });
          toast.error(failure.message);
        }
      },
    });
  };

  const emailError = errors[alertFieldNames.email];
  const frequencyError = errors[alertFieldNames.frequency];
  const searchError = errors.search ?? errors[alertFieldNames.workspace];

  // One live region for the answer, present before it comes, so screen readers announce it.
  const status = (
    <p
      role="status"
      className={result?.ok ? 'rounded-lg border border-line bg-surface p-3 text-sm text-ink' : 'text-sm text-danger'}
    >
      {result?.text ?? ''}
    </p>
  );
  return (
    <div className="space-y-3">
      {result?.ok ? null : (
        <form
          method="post"
          action={`${apiBaseUrl.replace(/\/+$/, '')}${subscribePath}`}
          noValidate
          onSubmit={submit}
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
          {captchaNeeded ? <Captcha ref={captcha} onToken={setCaptchaToken} error={errors.captcha} /> : null}
          <Button type="submit" disabled={subscribe.isPending} className="w-full justify-center">
            {subscribe.isPending ? 'Saving…' : 'Create alert'}
          </Button>
        </form>
      )}
      {status}
    </div>
  );
}
