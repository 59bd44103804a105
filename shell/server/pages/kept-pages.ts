import type { Encoding } from '@board/shared/lib/accept-encoding';

/** A page sent as it should be, sent again as it is until `until` (page-route.ts). */
export interface KeptPage {
  until: number;
  html: string;
  status: 200 | 404 | 410;
  headers: Record<string, string>;
  compressed: Map<Encoding, Promise<Uint8Array>>;
}

/** Pages kept at once (the newest; a kept page is 30-300 KB with its compressed copies). */
const maxKeptPages = 200;

/** A number for each object the key of a kept page names (the config, a read of a manifest). */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;
export function identity(value: object | null): number {
  if (value === null) return 0;
  let id = identities.get(value);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(value, id);
  }
  return id;
}

/** The pages of one page route kept at once: past `maxKeptPages`, the oldest kept is forgotten. */
export function keptPages() {
  const kept = new Map<string, KeptPage>();
  return {
    get: (key: string) => kept.get(key),
    keep: (key: string, page: KeptPage) => {
      kept.delete(key);
      if (kept.size >= maxKeptPages) {
        const oldest = kept.keys().next().value;
        if (oldest !== undefined) kept.delete(oldest);
      }
      kept.set(key, page);
    },
  };
}
