// The account contract shared by the sign-up form and the server.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES, USERNAME_MIN_LENGTH } from './constants.ts';

export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_PATTERN = /^[a-zA-Z0-9._]+$/;
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];

export const USERNAME_TOO_SHORT = 'Username must be at least 3 characters';
export const USERNAME_TAKEN = 'Username is already taken';

export const usernameSchema = z
  .string({ error: 'Username must be text' })
  .trim()
  .min(USERNAME_MIN_LENGTH, USERNAME_TOO_SHORT)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, dots and underscores');

// A calendar date (YYYY-MM-DD) that exists and lies in the past.
export const dateOfBirthSchema = z.iso
  .date('Date of birth must be a valid date')
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).getTime() < Date.now(),
    'Date of birth must be in the past',
  );

export const phoneNumberSchema = z
  .string()
  .trim()
  .min(6, 'Phone number is required')
  .max(20, 'Phone number is too long')
  .regex(/^\+?[0-9 ()-]+$/, 'Phone number may only contain digits, spaces, brackets, dashes and a leading +');

// First and last names, here and on the profile page (profiles.ts).
export const NAME_MAX_LENGTH = 60;
// The name others see is a first name and a last name, each within NAME_MAX_LENGTH, and a space.
export const DISPLAY_NAME_MAX_LENGTH = NAME_MAX_LENGTH * 2 + 1;

const nameSchema = (label: string, max = NAME_MAX_LENGTH) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);

export const displayNameSchema = nameSchema('Name', DISPLAY_NAME_MAX_LENGTH);

// A person's photo is one we stored from their upload (profiles' avatar route) or the one Google gave us at
// sign-in; nothing else is shown to others, so no link points their browsers at a stranger's server or script.
export const AVATAR_PATH_PATTERN = /^\/media\/avatars\/[0-9a-f-]{36}\.webp$/;
export const GOOGLE_PHOTO_HOST = 'lh3.googleusercontent.com';
export const PHOTO_URL_MAX_LENGTH = 2048;
export const PHOTO_SOURCE_MESSAGE =
  'The photo must be one you uploaded to Nocturna or your Google profile photo';

export function isGooglePhotoUrl(value: string): boolean {
  if (!value.startsWith(`https://${GOOGLE_PHOTO_HOST}/`) || value.length > PHOTO_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.host === GOOGLE_PHOTO_HOST && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const photoSchema = z
  .string({ error: PHOTO_SOURCE_MESSAGE })
  .refine((value) => AVATAR_PATH_PATTERN.test(value) || isGooglePhotoUrl(value), PHOTO_SOURCE_MESSAGE)
  .nullable();

// The profile saved with the account in one step.
export const signUpProfileSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  username: usernameSchema,
  phoneNumber: phoneNumberSchema,
  dateOfBirth: dateOfBirthSchema,
  gender: z.enum(GENDERS),
});
export type SignUpProfile = z.infer<typeof signUpProfileSchema>;

// better-auth's update-user: the profile fields, the name and the photo, each optional, nothing else. Whose
// uploaded photo it is, the server checks against the account.
export const accountUpdateSchema = signUpProfileSchema
  .partial()
  .extend({ name: displayNameSchema.optional(), image: photoSchema.optional() })
  .strict();

export const signUpCredentialsSchema = z.object({
  email: z.email('Invalid email').max(254),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  reason: z.enum(['taken', 'invalid']).optional(),
  message: z.string().optional(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

export const roleSchema = z.enum(ROLES);

export const myRolesSchema = z.object({ userId: z.string(), roles: z.array(roleSchema) });
export type MyRoles = z.infer<typeof myRolesSchema>;

export const hasRoleSchema = z.object({ userId: z.string(), role: roleSchema, hasRole: z.boolean() });

// GET /api/sign-in-options: the ways in this server offers besides e-mail and password (Google needs its OAuth
// client configured).
export const signInOptionsSchema = z.object({ google: z.boolean() });
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    gender: z.string().nullable(),
    image: z.string().nullable(),
    profileComplete: z.boolean(),
  }),
  session: z.object({ id: z.string(), expiresAt: z.string(), createdAt: z.string() }),
  roles: z.array(roleSchema),
});
export type Me = z.infer<typeof meSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

export const roleAuditEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  role: roleSchema,
  action: z.enum(['grant', 'revoke']),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type RoleAuditEntry = z.infer<typeof roleAuditEntrySchema>;
export const roleAuditListSchema = z.object({ items: z.array(roleAuditEntrySchema) });

export const roleChangeSchema = z.object({
  userId: z.string(),
  role: roleSchema,
  granted: z.boolean(),
  changed: z.boolean(),
});
