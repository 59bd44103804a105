/**
 * Team members (SPEC section 3). Calls 1 and 4 deliver each member as one string,
 * "name, title, bio"; call 5 delivers objects. Both end up as TeamMember.
 */
export interface TeamMember {
  name: string;
  title: string;
  bio: string;
  avatar: string | null;
}

const teamDefaults = { name: 'Team Member', title: 'Role not specified' } as const;

/**
 * "Jane Doe, CTO, Built payments at Monzo" -> {name, title, bio}. The bio is everything after the
 * second comma (it may hold commas itself). An entry that is not a string, has fewer than two
 * commas, or is blank in every part does not fit the pattern and is dropped (null).
 */
export function parseTeamMemberString(entry: unknown): TeamMember | null {
  if (typeof entry !== 'string') return null;
  const parts = entry.split(',');
  if (parts.length < 3) return null;
  const [rawName = '', rawTitle = '', ...rest] = parts;
  const name = rawName.trim();
  const title = rawTitle.trim();
  const bio = rest.join(',').trim();
  if (!name && !title && !bio) return null;
  return { name: name || teamDefaults.name, title: title || teamDefaults.title, bio, avatar: null };
}

/** An object entry {name, title, bio, avatar} with the same defaults; anything else is dropped. */
export function parseTeamMemberObject(entry: unknown): TeamMember | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const record = entry as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name = text(record.name);
  const title = text(record.title);
  const bio = text(record.bio);
  if (!name && !title && !bio) return null;
  const avatar = text(record.avatar);
  return { name: name || teamDefaults.name, title: title || teamDefaults.title, bio, avatar: avatar || null };
}
