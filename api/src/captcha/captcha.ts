import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The captcha of call 6, in two modes (ARCHITECTURE.md):
 * - local: a self-hosted arithmetic challenge. GET /public/captcha/challenge gives a question,
 *   POST /public/captcha/verify with the answer gives a token, good once, for two minutes. A
 *   challenge takes one answer, right or wrong (its 17 possible sums cannot be tried in turn),
 *   and an answer is a whole number as written (`4abc` is not 4).
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

/**
 * Marks a challenge answered; false when it already was. The API keeps this in the database, so
 * every instance refuses a second answer (captcha_redemptions); alone, the module keeps it in memory.
 */
export type SpendChallenge = (nonce: string) => Promise<boolean>;

/** Challenges answered, in memory, each until it expires. */
function spentInMemory(seconds: () => number): SpendChallenge {
  const spent = new Map<string, number>();
  return async (nonce) => {
    for (const [key, expires] of spent) if (expires < seconds()) spent.delete(key);
    if (spent.has(nonce)) return false;
    spent.set(nonce, seconds() + challengeSeconds);
    return true;
  };
}

/** An answer as a person types it: a whole number of at most three digits, spaces around it allowed. */
const answerPattern = /^\d{1,3}$/;

export function createLocalCaptcha(secret: string, now: () => number = Date.now) {
  const seconds = () => Math.floor(now() / 1000);
  const inMemory = spentInMemory(seconds);
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
    /**
     * The answer to a challenge -> a token, or null when wrong, malformed, expired, or the
     * challenge was answered before (any answer uses it up: `spend`).
     */
    async answer(challengeId: string, answer: string, spend: SpendChallenge = inMemory): Promise<string | null> {
      const [nonce, expiresText, signature, extra] = challengeId.split('.');
      const expires = Number(expiresText);
      if (!nonce || !signature || extra !== undefined || !Number.isInteger(expires) || expires < seconds()) return null;
      if (!(await spend(nonce))) return null;
      const typed = answer.trim();
      if (!answerPattern.test(typed)) return null;
      if (!safeEqual(signature, sign(secret, 'challenge', nonce, expires, Number(typed)))) return null;
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
