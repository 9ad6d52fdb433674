// Profiles contract: the own profile and its privacy settings, another person's profile as the
// viewer may see it, the avatar upload and user search. Shared by the server, the web app and the tests.
import { z } from 'zod';
import { NAME_MAX_LENGTH, usernameSchema } from './auth.ts';
import { GENRES } from './catalogue.ts';
import { connectionStateSchema, userCardSchema } from './connections.ts';
import { presenceSchema } from './notifications.ts';

export const BIO_MAX_LENGTH = 300;
export const FAVOURITE_GENRES_MAX = 5;
export const INSTAGRAM_PATTERN = /^[a-zA-Z0-9._]{1,30}$/;

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
export const AVATAR_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

export const MESSAGE_POLICIES = ['everyone', 'connections'] as const;
export const messagePolicySchema = z.enum(MESSAGE_POLICIES);
export type MessagePolicy = z.infer<typeof messagePolicySchema>;

// "@lucia", "lucia", "instagram.com/lucia/" and "https://www.instagram.com/lucia?igsh=…" all mean "lucia".
export function normalizeInstagram(value: string): string {
  const text = value.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)/i.exec(text);
  return (fromUrl ? fromUrl[1]! : text).replace(/^@/, '');
}

const nameField = (label: string) =>
  z
    .string({ error: `${label} tiene que ser un texto.` })
    .trim()
    .min(1, `${label} no puede estar vacío.`)
    .max(NAME_MAX_LENGTH, `${label} no puede pasar de ${NAME_MAX_LENGTH} caracteres.`);

export const instagramSchema = z
  .string()
  .max(200, 'El Instagram no es válido.')
  .transform(normalizeInstagram)
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .regex(
          INSTAGRAM_PATTERN,
          'El usuario de Instagram solo lleva letras, números, puntos y guiones bajos (máximo 30).',
        ),
    ]),
  )
  .transform((v) => (v === '' ? null : v));

// PATCH /api/me/profile: only the fields sent change. An empty bio or Instagram clears it.
export const profileUpdateSchema = z
  .object({
    firstName: nameField('El nombre'),
    lastName: nameField('El apellido'),
    username: usernameSchema,
    bio: z
      .string()
      .trim()
      .max(BIO_MAX_LENGTH, `La bio no puede pasar de ${BIO_MAX_LENGTH} caracteres.`)
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    favouriteGenres: z
      .array(z.enum(GENRES, 'Ese género no está en el catálogo.'))
      .max(FAVOURITE_GENRES_MAX, `Elige como mucho ${FAVOURITE_GENRES_MAX} géneros.`)
      .refine((list) => new Set(list).size === list.length, 'Hay géneros repetidos.'),
    instagram: instagramSchema.nullable(),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const privacySettingsSchema = z.object({
  isPrivate: z.boolean(),
  messagePolicy: messagePolicySchema,
  showEvents: z.boolean(),
  // The presence setting of /api/me/presence-settings, the one "show when I am online" switch.
  showOnline: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacyUpdateSchema = privacySettingsSchema.partial().strict();

// An upcoming event the person holds a valid ticket for.
export const eventGoingSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  clubName: z.string(),
  coverURL: z.string(),
  startAt: z.string(),
  endAt: z.string(),
});
export type EventGoing = z.infer<typeof eventGoingSchema>;

export const ownProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  favouriteGenres: z.array(z.string()),
  instagram: z.string().nullable(),
  privacy: privacySettingsSchema,
  connectionsCount: z.number().int().min(0),
  events: z.array(eventGoingSchema),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

// Another person as this viewer may see them. `limited`: a private profile seen by someone not connected,
// which carries only the name, the avatar and the connection state; the other details are empty.
export const userProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isPrivate: z.boolean(),
  limited: z.boolean(),
  bio: z.string().nullable(),
  favouriteGenres: z.array(z.string()),
  instagram: z.string().nullable(),
  connectionsCount: z.number().int().min(0).nullable(),
  // Signed-in viewers only.
  mutualConnections: z.object({ count: z.number().int().min(0), items: z.array(userCardSchema) }).nullable(),
  // null: hidden (the person does not show them, or the profile is limited).
  events: z.array(eventGoingSchema).nullable(),
  // null: not visible to this viewer (not connected, hidden by the person).
  presence: presenceSchema.nullable(),
  connection: connectionStateSchema,
  canMessage: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const avatarSchema = z.object({ avatarUrl: z.string().nullable() });

export const USER_SEARCH_MAX_LIMIT = 50;
export const userSearchQuery = z.object({
  q: z.string().trim().max(100, 'La búsqueda no puede pasar de 100 caracteres.').default(''),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(USER_SEARCH_MAX_LIMIT).default(20),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export const userSearchResultSchema = userCardSchema.extend({ connection: connectionStateSchema });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
export const userSearchPage = z.object({
  items: z.array(userSearchResultSchema),
  nextCursor: z.string().nullable(),
});
export type UserSearchPage = z.infer<typeof userSearchPage>;
