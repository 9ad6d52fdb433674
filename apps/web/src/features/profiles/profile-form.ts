// The own-profile form as data: the values the form starts from, what changed (only that is sent), and each
// field's problem as an i18n key of the `profiles` namespace, from the same zod contract the server applies.
import type { OwnProfile, ProfileUpdate } from '@nocturna/shared';
import { profileUpdateSchema } from '@nocturna/shared/profiles';

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  username: string;
  bio: string;
  instagram: string;
  favouriteGenres: string[];
};

export type ProfileField = keyof ProfileFormValues;
export type FieldErrors = Partial<Record<ProfileField, string>>;

export function formValuesOf(profile: OwnProfile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    username: profile.username ?? '',
    bio: profile.bio ?? '',
    instagram: profile.instagram ?? '',
    favouriteGenres: [...profile.favouriteGenres],
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export function changesBetween(before: ProfileFormValues, after: ProfileFormValues): ProfileUpdate {
  const change: ProfileUpdate = {};
  for (const field of ['firstName', 'lastName', 'username', 'bio', 'instagram'] as const) {
    if (after[field].trim() !== before[field].trim()) change[field] = after[field].trim();
  }
  // The picker offers only catalogue genres; the server checks again.
  if (!sameList(before.favouriteGenres, after.favouriteGenres))
    change.favouriteGenres = after.favouriteGenres as ProfileUpdate['favouriteGenres'];
  return change;
}

function keyFor(field: ProfileField, code: string): string {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return code === 'too_big' ? 'errors.nameTooLong' : 'errors.required';
    case 'username':
      return code === 'too_small'
        ? 'errors.usernameShort'
        : code === 'too_big'
          ? 'errors.usernameLong'
          : 'errors.usernameChars';
    case 'bio':
      return 'errors.bioTooLong';
    case 'instagram':
      return 'errors.instagram';
    case 'favouriteGenres':
      return code === 'too_big' ? 'errors.genresMax' : 'errors.genres';
  }
}

// Only the fields being sent are checked: an account from Google with no last name can still edit its bio.
export function validateChanges(change: ProfileUpdate): FieldErrors {
  const parsed = profileUpdateSchema.safeParse(change);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ProfileField | undefined;
    if (field && !errors[field]) errors[field] = keyFor(field, issue.code);
  }
  return errors;
}
