// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '@nocturna/shared';
import { changesBetween, formValuesOf, validateChanges } from './profile-form.ts';
import { avatarFileProblem } from './avatar-file.ts';

const profile: OwnProfile = {
  id: 'u1',
  name: 'Lucía Martín',
  firstName: 'Lucía',
  lastName: 'Martín',
  username: 'lucia',
  avatarUrl: null,
  bio: null,
  favouriteGenres: ['techno'],
  instagram: null,
  privacy: { isPrivate: false, messagePolicy: 'everyone', showEvents: true, showOnline: true },
  connectionsCount: 0,
  events: [],
};

describe('profile form', () => {
  it('sends only what changed, trimmed, and an emptied bio as empty (which clears it)', () => {
    const before = formValuesOf(profile);
    expect(changesBetween(before, before)).toEqual({});
    expect(changesBetween(before, { ...before, bio: '  Hola  ', firstName: 'Lucía ' })).toEqual({
      bio: 'Hola',
    });
    expect(changesBetween({ ...before, bio: 'Hola' }, { ...before, bio: '' })).toEqual({ bio: '' });
    expect(changesBetween(before, { ...before, favouriteGenres: ['techno', 'house'] })).toEqual({
      favouriteGenres: ['techno', 'house'],
    });
    expect(changesBetween(before, { ...before, favouriteGenres: [] })).toEqual({ favouriteGenres: [] });
  });

  it('names each field’s problem with an i18n key, and checks only the fields sent', () => {
    expect(validateChanges({ bio: 'x'.repeat(301) })).toEqual({ bio: 'errors.bioTooLong' });
    expect(validateChanges({ username: 'ab' })).toEqual({ username: 'errors.usernameShort' });
    expect(validateChanges({ username: 'con espacio' })).toEqual({ username: 'errors.usernameChars' });
    expect(validateChanges({ firstName: '' })).toEqual({ firstName: 'errors.required' });
    expect(validateChanges({ instagram: 'no vale' })).toEqual({ instagram: 'errors.instagram' });
    expect(validateChanges({ favouriteGenres: ['techno', 'house', 'pop', 'rock', 'funk', 'indie'] })).toEqual(
      { favouriteGenres: 'errors.genresMax' },
    );
    expect(validateChanges({ instagram: 'https://instagram.com/lucia.noche/', bio: '' })).toEqual({});
  });
});

describe('avatar file check', () => {
  it('takes photos of the accepted types up to 10 MB, HEIC by extension when the browser gives no type', () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: 1000, name: 'a.jpg' })).toBeNull();
    expect(avatarFileProblem({ type: 'image/heic', size: 1000, name: 'IMG_1.HEIC' })).toBeNull();
    expect(avatarFileProblem({ type: '', size: 1000, name: 'IMG_1.HEIC' })).toBeNull();
    expect(avatarFileProblem({ type: 'image/gif', size: 1000, name: 'a.gif' })).toBe('wrongType');
    expect(avatarFileProblem({ type: '', size: 1000, name: 'notas.txt' })).toBe('wrongType');
    expect(avatarFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1, name: 'a.png' })).toBe(
      'tooLarge',
    );
  });
});
