import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The captcha of call 6, in two modes (ARCHITECTURE.md):
 * - local: a self-hosted arithmetic challenge. GET /public/captcha/challenge gives a question,
 *   POST /public/captcha/verify with the answer gives a token, good once, for two minutes.
 * - recaptcha: the token comes from Google's widget and is checked with the provider's
 *   siteverify endpoint and the secret key.
 */
export interface CaptchaVerifier {
  mode: 'local' | 'recaptcha';
  /** Resolves to the token's one-time id when valid (local), or a stable id (recaptcha); null when not. */
  verify(token: string, clientIp: string | undefined): Promise<string | null>;
}

const challengeSeconds = 10 * 60;
const tokenSeconds = 2 * 60;

function sign(secret: string, ...parts: (string | number)[]): string {
  return createHmac('sha256', secret).update(parts.join('|')).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface LocalChallenge {
  challenge_id: string;
  question: string;
}

export function createLocalCaptcha(secret: string, now: () => number = Date.now) {
  const seconds = () => Math.floor(now() / 1000);
  return {
    challenge(): LocalChallenge {
      const a = randomInt(1, 10);
      const b = randomInt(1, 10);
      const nonce = randomBytes(12).toString('base64url');
      const expires = seconds() + challengeSeconds;
      return {
        challenge_id: `${nonce}.${expires}.${sign(secret, 'challenge', nonce, expires, a + b)}`,
        question: `What is ${a} + ${b}?`,
      };
    },
    /** The answer to a challenge -> a token, or null when wrong or expired. */
    answer(challengeId: string, answer: string): string | null {
      const [nonce, expiresText, signature] = challengeId.split('.');
      const expires = Number(expiresText);
      if (!nonce || !signature || !Number.isInteger(expires) || expires < seconds()) return null;
      const value = Number.parseInt(answer.trim(), 10);
      if (!Number.isInteger(value) || !safeEqual(signature, sign(secret, 'challenge', nonce, expires, value))) {
        return null;
      }
      const tokenExpires = seconds() + tokenSeconds;
      return `local.${nonce}.${tokenExpires}.${sign(secret, 'token', nonce, tokenExpires)}`;
    },
    verifier(): CaptchaVerifier {
      return {
        mode: 'local',
        async verify(token) {
          const [kind, nonce, expiresText, signature] = token.split('.');
          const expires = Number(expiresText);
          if (kind !== 'local' || !nonce || !signature || !Number.isInteger(expires)) return null;
          if (expires < seconds() || !safeEqual(signature, sign(secret, 'token', nonce, expires))) return null;
          return `local:${nonce}`;
        },
      };
    },
  };
}

export function createRecaptchaVerifier(options: {
  secret: string;
  verifyUrl: string;
  fetch?: typeof fetch;
}): CaptchaVerifier {
  const fetchImpl = options.fetch ?? fetch;
  return {
    mode: 'recaptcha',
    async verify(token, clientIp) {
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (clientIp) body.set('remoteip', clientIp);
      try {
        const response = await fetchImpl(options.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return null;
        const result = (await response.json()) as { success?: boolean };
        return result.success === true
          ? `recaptcha:${createHmac('sha256', 'id').update(token).digest('base64url')}`
          : null;
      } catch {
        return null;
      }
    },
  };
}
