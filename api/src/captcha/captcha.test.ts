import { describe, expect, it } from 'vitest';
import { createLocalCaptcha, createRecaptchaVerifier } from './captcha';

function solve(question: string): string {
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question) ?? [];
  return String(Number(a) + Number(b));
}

describe('local captcha', () => {
  it('gives a token for the right answer only, and the token verifies', async () => {
    const captcha = createLocalCaptcha('a-secret-of-sixteen-plus');
    const wrong = captcha.challenge();
    expect(await captcha.answer(wrong.challenge_id, String(Number(solve(wrong.question)) + 1))).toBeNull();
    const challenge = captcha.challenge();
    const token = await captcha.answer(challenge.challenge_id, ` ${solve(challenge.question)} `);
    expect(token).toMatch(/^local\./);
    expect(await captcha.verifier().verify(token ?? '', undefined)).toMatch(/^local:/);
  });

  it('takes one answer per challenge: after a wrong one, the right one is refused too', async () => {
    const captcha = createLocalCaptcha('a-secret-of-sixteen-plus');
    const challenge = captcha.challenge();
    const right = Number(solve(challenge.question));
    expect(await captcha.answer(challenge.challenge_id, String(right === 2 ? 3 : 2))).toBeNull();
    expect(await captcha.answer(challenge.challenge_id, String(right))).toBeNull();
    // Trying every sum in turn finds nothing either.
    const next = captcha.challenge();
    const tokens = [];
    for (let sum = 2; sum <= 18; sum++) tokens.push(await captcha.answer(next.challenge_id, String(sum)));
    expect(tokens.filter(Boolean)).toHaveLength(Number(solve(next.question)) === 2 ? 1 : 0);
  });

  it('reads an answer as a whole number as written: `4abc`, `4.0`, `+4` or `0x4` is not 4', async () => {
    const captcha = createLocalCaptcha('a-secret-of-sixteen-plus');
    for (const spelled of [
      (n: string) => `${n}abc`,
      (n: string) => `${n}.0`,
      (n: string) => `+${n}`,
      (n: string) => `${n} 1`,
      (n: string) => `0x${Number(n).toString(16)}`,
    ]) {
      const challenge = captcha.challenge();
      const answer = spelled(solve(challenge.question));
      expect(await captcha.answer(challenge.challenge_id, answer), answer).toBeNull();
    }
    const challenge = captcha.challenge();
    expect(await captcha.answer(challenge.challenge_id, `0${solve(challenge.question)}`)).toMatch(/^local\./);
  });

  it('refuses tokens signed with another secret, tampered or expired', async () => {
    let now = Date.now();
    const captcha = createLocalCaptcha('a-secret-of-sixteen-plus', () => now);
    const other = createLocalCaptcha('another-secret-sixteen');
    const challenge = captcha.challenge();
    const token = (await captcha.answer(challenge.challenge_id, solve(challenge.question))) ?? '';
    expect(await other.verifier().verify(token, undefined)).toBeNull();
    expect(
      await captcha.verifier().verify(
        token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        undefined,
      ),
    ).toBeNull();
    now += 3 * 60 * 1000;
    expect(await captcha.verifier().verify(token, undefined)).toBeNull();
    now += 10 * 60 * 1000;
    const expired = captcha.challenge();
    now += 11 * 60 * 1000;
    expect(await captcha.answer(expired.challenge_id, solve(expired.question))).toBeNull();
  });
});

describe('recaptcha verifier', () => {
  it('posts secret, token and address to siteverify and trusts only success: true', async () => {
    const calls: URLSearchParams[] = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      const body = init.body as URLSearchParams;
      calls.push(body);
      return new Response(JSON.stringify({ success: body.get('response') === 'good' }));
    }) as typeof fetch;
    const verifier = createRecaptchaVerifier({
      secret: 's3cret',
      verifyUrl: 'https://verify.example',
      fetch: fakeFetch,
    });
    expect(await verifier.verify('good', '10.0.0.1')).toMatch(/^recaptcha:/);
    expect(await verifier.verify('bad', undefined)).toBeNull();
    expect(calls[0]?.get('secret')).toBe('s3cret');
    expect(calls[0]?.get('remoteip')).toBe('10.0.0.1');
  });

  it('fails closed when the provider cannot be reached', async () => {
    const failing = (async () => {
      throw new Error('offline');
    }) as typeof fetch;
    const verifier = createRecaptchaVerifier({ secret: 's', verifyUrl: 'https://verify.example', fetch: failing });
    expect(await verifier.verify('token', undefined)).toBeNull();
  });
});
