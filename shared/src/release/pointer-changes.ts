/**
 * The changes of a pointer, one function each, used by `pnpm release` and by the shell's server
 * when it gates a canary (decision 036): the same pointer whoever writes it. Each keeps what it
 * does not change (the failed versions included).
 */
import type { ReleasePointer } from '@board/shared/config/release-pointer';

type Auto = NonNullable<NonNullable<ReleasePointer['canary']>['auto']>;

const withoutFailed = (pointer: ReleasePointer, version: string) => {
  const failed = (pointer.failed ?? []).filter((name) => name !== version);
  return failed.length > 0 ? { failed } : {};
};

/** `version` live for every new visitor; the canary ends if it was that version. */
export function promoted(pointer: ReleasePointer, version: string): ReleasePointer {
  return {
    live: version,
    previous: pointer.live ?? pointer.previous,
    canary: pointer.canary?.version === version ? null : pointer.canary,
    ...withoutFailed(pointer, version),
  };
}

/** Back to the version live before. */
export function rolledBack(pointer: ReleasePointer & { previous: string }): ReleasePointer {
  return {
    ...pointer,
    live: pointer.previous,
    previous: pointer.live,
    canary: pointer.canary?.version === pointer.previous ? null : pointer.canary,
  };
}

/** `percent`% of new visitors get `version` (gated when `auto` is given); 0 ends the canary. */
export function withCanary(pointer: ReleasePointer, version: string, percent: number, auto?: Auto): ReleasePointer {
  if (percent === 0) return { ...pointer, canary: null };
  const { failed: _failed, ...rest } = pointer;
  return { ...rest, canary: { version, percent, ...(auto ? { auto } : {}) }, ...withoutFailed(pointer, version) };
}

/** The canary ended by its gate, and its version marked failed. */
export function canaryFailed(pointer: ReleasePointer): ReleasePointer {
  const version = pointer.canary?.version;
  if (!version) return pointer;
  return { ...pointer, canary: null, failed: [...new Set([...(pointer.failed ?? []), version])] };
}
