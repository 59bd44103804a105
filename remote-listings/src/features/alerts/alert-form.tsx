import { alertFieldNames } from '@board/shared/forms/alert-fields';
import { parseAlertSubscription } from '@board/shared/forms/alert-schema';
import { toast } from '@board/shared/react/toast';
import { Captcha, type CaptchaHandle } from '@board/shared/ui/captcha';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AlertFields, type AlertSearchProps } from './alert-fields';
import { subscribeFailure, useSubscribeAlert } from './subscribe-alert';

export const checkInboxText = 'Check your inbox: we sent you a link to confirm the alert.';

/**
 * The alert's form with JavaScript, in the dialog: the fields of `AlertFields`, checked with the
 * shared schema and sent as JSON, the captcha when the API asks for it, and the answer shown here.
 * Loaded when the dialog first opens (job-alerts.tsx), with the schema and the captcha's code.
 * `focusEmail`: focus the email field once the form is on screen.
 */
export function AlertForm({
  description,
  searchFields,
  returnTo,
  focusEmail = false,
}: AlertSearchProps & { focusEmail?: boolean }) {
  const id = useId();
  const email = useRef<HTMLInputElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const subscribe = useSubscribeAlert();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaToken, setCaptchaToken] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (focusEmail) email.current?.focus();
  }, [focusEmail]);

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
        <AlertFields
          id={id}
          description={description}
          searchFields={searchFields}
          returnTo={returnTo}
          errors={errors}
          email={email}
          pending={subscribe.isPending}
          onSubmit={submit}
        >
          {captchaNeeded ? <Captcha ref={captcha} onToken={setCaptchaToken} error={errors.captcha} /> : null}
        </AlertFields>
      )}
      {status}
    </div>
  );
}
