import { describe, expect, it } from 'vitest';
import { createAlertTokens, tokenLifetimeSeconds } from './tokens';

describe('alert tokens', () => {
  const secret = 'a-secret-of-enough-length';
  let now = Date.parse('2026-11-20T08:00:00Z');
  const tokens = createAlertTokens(secret, () => now);

  it('give back what they were signed with, for their purpose only', () => {
    const token = tokens.sign('confirm', 'alert-1', 'nonce-1');
    expect(tokens.verify(token, 'confirm')).toMatchObject({ purpose: 'confirm', subject: 'alert-1', nonce: 'nonce-1' });
    expect(tokens.verify(token, 'unsubscribe')).toBeNull();
    expect(tokens.verify(token, 'manage')).toBeNull();
  });

  it('expire after their lifetime', () => {
    now = Date.parse('2026-11-20T08:00:00Z');
    const confirm = tokens.sign('confirm', 'alert-1', 'n');
    const manage = tokens.sign('manage', 'hash');
    now += tokenLifetimeSeconds.confirm * 1000 - 1000;
    expect(tokens.verify(confirm, 'confirm')).not.toBeNull();
    now += 1000;
    expect(tokens.verify(confirm, 'confirm')).toBeNull();
    expect(tokens.verify(manage, 'manage')).not.toBeNull();
    now += tokenLifetimeSeconds.manage * 1000;
    expect(tokens.verify(manage, 'manage')).toBeNull();
  });

  it.each([
    ['another secret', () => createAlertTokens('another-secret-of-length', () => now).sign('unsubscribe', 'alert-1')],
    [
      'a changed payload',
      () => {
        const [, signature] = tokens.sign('unsubscribe', 'alert-1').split('.');
        const payload = Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'alert-2', e: 9_999_999_999 })).toString(
          'base64url',
        );
        return `${payload}.${signature}`;
      },
    ],
    ['a cut signature', () => tokens.sign('unsubscribe', 'alert-1').slice(0, -2)],
    ['no signature', () => tokens.sign('unsubscribe', 'alert-1').split('.')[0] ?? ''],
    ['garbage', () => 'not.a.token'],
    ['nothing', () => ''],
  ])('refuse a forged token: %s', (_case, make) => {
    expect(tokens.verify(make(), 'unsubscribe')).toBeNull();
  });
});
