import { describe, expect, it } from 'vitest';
import { fixedWindow } from './fixed-window';

describe('fixedWindow', () => {
  it('allows max hits per key and window, then says when to try again', () => {
    let time = 0;
    const windows = fixedWindow({ max: 2, windowSeconds: 60, now: () => time });
    expect(windows.hit('a')).toEqual({ allowed: true });
    expect(windows.hit('a')).toEqual({ allowed: true });
    expect(windows.hit('b')).toEqual({ allowed: true });
    time = 15_000;
    expect(windows.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    time = 60_000;
    expect(windows.hit('a')).toEqual({ allowed: true });
  });
});
