import { describe, expect, it } from 'vitest';
import { parseTeamMemberObject, parseTeamMemberString } from './team';

describe('parseTeamMemberString', () => {
  it.each([
    ['Jane Doe, CTO, Built payments at Monzo', { name: 'Jane Doe', title: 'CTO', bio: 'Built payments at Monzo' }],
    ['Jane Doe, CTO, Ex-Google, ex-Stripe', { name: 'Jane Doe', title: 'CTO', bio: 'Ex-Google, ex-Stripe' }],
    [' , , Quiet achiever', { name: 'Team Member', title: 'Role not specified', bio: 'Quiet achiever' }],
    ['Sam,,', { name: 'Sam', title: 'Role not specified', bio: '' }],
    [', Head of Design,', { name: 'Team Member', title: 'Head of Design', bio: '' }],
  ])('%j', (entry, expected) => {
    expect(parseTeamMemberString(entry)).toEqual({ ...expected, avatar: null });
  });

  it.each([['Jane Doe'], ['Jane Doe, CTO'], [' , , '], [''], [42], [null], [{ name: 'Jane' }]])('drops %j', (entry) => {
    expect(parseTeamMemberString(entry)).toBeNull();
  });
});

describe('parseTeamMemberObject', () => {
  it('applies the defaults and keeps the avatar', () => {
    expect(parseTeamMemberObject({ name: '', title: '', bio: 'Hi', avatar: '/a.svg' })).toEqual({
      name: 'Team Member',
      title: 'Role not specified',
      bio: 'Hi',
      avatar: '/a.svg',
    });
  });

  it.each([[null], ['Jane, CTO, bio'], [[]], [{}], [{ name: 1 }]])('drops %j', (entry) => {
    expect(parseTeamMemberObject(entry)).toBeNull();
  });
});
