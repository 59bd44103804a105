import { isReleaseVersion, type ReleasePointer } from '@board/shared/config/release-pointer';
import { type RemoteName, remoteNames } from '@board/shared/config/remotes';

/**
 * Which release of each remote a visitor gets. A new visitor is given the live version, or the
 * canary with the canary's percent of chance; the choice is remembered in one cookie, so reloads
 * and later pages of the visit get the same one. A remembered version is kept only while it is
 * still live or the canary: a promotion, a rollback or the end of a canary reaches every visitor
 * at their next page load (an open tab keeps its own release: it never asks again).
 */
export type ReleaseChoice = Partial<Record<RemoteName, string>>;

/** The cookie a CDN keys pages on (README, Deploy): its value names the versions the page uses. */
export const releaseCookieName = 'board_release';

/** How long a choice is remembered: a day, whether or not the visitor comes back. */
const releaseCookieMaxAgeSeconds = 24 * 60 * 60;

const isRemoteName = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

/** `listings:v1|apply:v2`; entries that do not parse are left out (a stale or forged cookie is a new visitor's). */
export function parseReleaseCookie(value: string | null | undefined): ReleaseChoice {
  const choice: ReleaseChoice = {};
  for (const entry of (value ?? '').split('|')) {
    const [name = '', version = '', ...rest] = entry.split(':');
    if (rest.length === 0 && isRemoteName(name) && isReleaseVersion(version)) choice[name] = version;
  }
  return choice;
}

export function serializeReleaseCookie(choice: ReleaseChoice): string {
  return remoteNames.flatMap((name) => (choice[name] ? [`${name}:${choice[name]}`] : [])).join('|');
}

/** One cookie's value from a Cookie header (or `document.cookie`). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value (or `document.cookie` assignment) that remembers `choice`. */
export function releaseCookie(choice: ReleaseChoice, secure: boolean): string {
  return `${releaseCookieName}=${serializeReleaseCookie(choice)}; Path=/; Max-Age=${releaseCookieMaxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * One remote's version for one visitor: the one they have if it is still live or the canary,
 * else the canary for `percent` of visitors (random() in [0, 1)), else live. Null: no release.
 */
export function chooseVersion(pointer: ReleasePointer, kept: string | undefined, random: () => number): string | null {
  const canary = pointer.canary;
  if (kept !== undefined && (kept === pointer.live || kept === canary?.version)) return kept;
  if (canary && random() * 100 < canary.percent) return canary.version;
  return pointer.live;
}

export interface ReleaseAssignment {
  /** The version of each remote that has releases (a remote without any is absent). */
  versions: ReleaseChoice;
  /**
   * The value the visitor's cookie must now hold, or null when nothing needs remembering: with no
   * canary on, every visitor gets live, and a page without a new cookie stays cacheable.
   */
  cookie: string | null;
}

/** Every remote's version for one visitor (`pointers`: the remotes that have releases). */
export function assignReleases(
  pointers: Partial<Record<RemoteName, ReleasePointer | null>>,
  cookieValue: string | null | undefined,
  random: () => number = Math.random,
): ReleaseAssignment {
  const kept = parseReleaseCookie(cookieValue);
  const versions: ReleaseChoice = {};
  let canaryOn = false;
  for (const name of remoteNames) {
    const pointer = pointers[name];
    if (!pointer) continue;
    if (pointer.canary) canaryOn = true;
    const version = chooseVersion(pointer, kept[name], random);
    if (version) versions[name] = version;
  }
  const value = serializeReleaseCookie(versions);
  return { versions, cookie: canaryOn && value !== (cookieValue ?? '') ? value : null };
}
