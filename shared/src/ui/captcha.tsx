import { type CaptchaChallenge, fetchCaptchaChallenge, verifyCaptchaAnswer } from '@board/shared/api/captcha';
import { useApiClient } from '@board/shared/react/api-client';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { Button } from '@board/shared/ui/button';
import { Input } from '@board/shared/ui/input';
import { type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';

export interface CaptchaHandle {
  /** Clears the token and shows a fresh challenge (after every submit). */
  reset(): void;
  focus(): void;
}

interface CaptchaProps {
  /** The token, or '' when there is none (expired, failed, reset). */
  onToken: (token: string) => void;
  error?: string;
  ref?: Ref<CaptchaHandle>;
}

const loadFailed = 'The security check could not load. Check your connection, then reload the page.';

/**
 * 'Security Verification' in the runtime config's mode (ARCHITECTURE.md): `recaptcha` renders
 * Google's widget (react-google-recaptcha); `local` renders the local API's arithmetic
 * challenge, for local runs and tests where Google is out of reach.
 */
export function Captcha({ onToken, error, ref }: CaptchaProps) {
  const { captcha } = useRuntimeConfig();
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-ink">
        Security Verification
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      </legend>
      <noscript>
        <p className="text-sm text-danger">
          The security check needs JavaScript: turn it on in your browser to send your application.
        </p>
      </noscript>
      {captcha.mode === 'recaptcha' ? (
        <GoogleCaptcha siteKey={captcha.siteKey} onToken={onToken} ref={ref} />
      ) : (
        <LocalCaptcha onToken={onToken} ref={ref} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function GoogleCaptcha({ siteKey, onToken, ref }: { siteKey: string } & CaptchaProps) {
  const widget = useRef<ReCAPTCHA>(null);
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset();
      onToken('');
    },
    focus: () => container.current?.querySelector('iframe')?.focus(),
  }));

  // The provider's script gives no error event; if it has not loaded after 15 s, say so.
  useEffect(() => {
    if (loaded) return;
    const timer = setTimeout(() => setFailed(true), 15_000);
    return () => clearTimeout(timer);
  }, [loaded]);

  return (
    <div ref={container}>
      <ReCAPTCHA
        ref={widget}
        sitekey={siteKey}
        onChange={(token) => onToken(token ?? '')}
        onExpired={() => onToken('')}
        onErrored={() => {
          onToken('');
          setFailed(true);
        }}
        asyncScriptOnLoad={() => {
          setLoaded(true);
          setFailed(false);
        }}
      />
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {loadFailed}
        </p>
      ) : null}
    </div>
  );
}

/** Local tokens live two minutes on the API; drop ours a little earlier. */
const localTokenLifetimeMs = 110_000;

function LocalCaptcha({ onToken, ref }: CaptchaProps) {
  const client = useApiClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'checking' | 'verified' | 'wrong' | 'expired' | 'failed'>(
    'loading',
  );
  const [answer, setAnswer] = useState('');

  const load = useCallback(async () => {
    setState('loading');
    setAnswer('');
    try {
      setChallenge(await fetchCaptchaChallenge(client));
      setState('ready');
    } catch {
      setState('failed');
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (state !== 'verified') return;
    const timer = setTimeout(() => {
      onToken('');
      setState('expired');
      void load();
    }, localTokenLifetimeMs);
    return () => clearTimeout(timer);
  }, [state, onToken, load]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      onToken('');
      void load();
    },
    focus: () => input.current?.focus(),
  }));

  const verify = async () => {
    if (!challenge || !answer.trim()) return;
    setState('checking');
    try {
      const token = await verifyCaptchaAnswer(client, challenge.challengeId, answer);
      if (token === null) {
        onToken('');
        await load();
        setState('wrong');
        return;
      }
      onToken(token);
      setState('verified');
    } catch {
      onToken('');
      setState('failed');
    }
  };

  if (state === 'failed') {
    return (
      <div role="alert" className="rounded-lg border border-danger/40 p-3 text-sm text-danger">
        {loadFailed}{' '}
        <button type="button" onClick={() => void load()} className="font-medium underline">
          Try again
        </button>
      </div>
    );
  }
  if (state === 'verified') {
    return (
      <p role="status" className="rounded-lg border border-line bg-surface p-3 text-sm font-medium text-ink">
        <span aria-hidden="true" className="mr-1 text-green-700">
          ✓
        </span>
        Verified. You can submit your application.
      </p>
    );
  }
  return (
    <div className="rounded-lg border border-line bg-surface p-3">
      <label htmlFor={`${id}-answer`} className="block text-sm text-ink">
        {state === 'loading' ? 'Loading the security question…' : `Prove you are human: ${challenge?.question ?? ''}`}
      </label>
      <div className="mt-2 flex gap-2">
        <Input
          id={`${id}-answer`}
          ref={input}
          inputMode="numeric"
          autoComplete="off"
          value={answer}
          disabled={state === 'loading'}
          onChange={(event) => setAnswer(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void verify();
            }
          }}
          className="w-24"
        />
        <Button
          variant="outline"
          onClick={() => void verify()}
          disabled={state === 'loading' || state === 'checking' || !answer.trim()}
        >
          {state === 'checking' ? 'Checking…' : 'Verify'}
        </Button>
      </div>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm text-danger">
        {state === 'wrong'
          ? 'That answer is not right. Please try the new question.'
          : state === 'expired'
            ? 'The verification expired. Please verify again.'
            : ''}
      </p>
    </div>
  );
}
