/**
 * A count of requests per client key in fixed windows, in this process's memory: the flood
 * guards of the API (every request) and of the shell's server (work that reaches the API) count
 * with it, keyed the same way (client-address.ts). Windows that ended are swept once a window.
 */
export interface FixedWindowOptions {
  max: number;
  windowSeconds: number;
  now?: () => number;
}

export type WindowVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function fixedWindow({ max, windowSeconds, now = Date.now }: FixedWindowOptions) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    /** Counts one request of `key`; past `max` in the current window it is refused, with when to try again. */
    hit(key: string): WindowVerdict {
      const time = now();
      if (time >= nextSweep) {
        for (const [known, window] of windows) if (window.resetAt <= time) windows.delete(known);
        nextSweep = time + windowSeconds * 1000;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)) };
    },
  };
}
