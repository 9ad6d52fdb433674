// DJs: the public profile (/dj/{slug}), following a DJ, and the DJ's own dashboard; and "Mi noche",
// the signed-in person's own dashboard.
import { z } from 'zod';
import { GENRES } from './catalogue-values.ts';

export const djLinkSchema = z.object({
  label: z.string().trim().min(1, 'Pon un nombre al enlace.').max(40, 'El nombre: como mucho 40 caracteres.'),
  url: z.url('Escribe una dirección web completa (https://…).').max(300),
});

export const djGigSchema = z.object({
  eventId: z.string(),
  eventSlug: z.string(),
  eventName: z.string(),
  clubName: z.string(),
  startAt: z.string(),
  setStartAt: z.string().nullable(),
  setEndAt: z.string().nullable(),
});
export type DjGig = z.infer<typeof djGigSchema>;

export const djProfileSchema = z.object({
  userId: z.string(),
  slug: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  genres: z.array(z.string()),
  links: z.array(djLinkSchema),
  followers: z.number().int(),
  following: z.boolean(),
  upcoming: z.array(djGigSchema),
  past: z.array(djGigSchema),
});
export type DjProfile = z.infer<typeof djProfileSchema>;

export const djProfileBody = z.object({
  name: z.string().trim().min(2, 'El nombre artístico: al menos 2 caracteres.').max(60).optional(),
  bio: z.string().trim().max(1000, 'La bio: como mucho 1.000 caracteres.').optional(),
  genres: z
    .array(z.enum(GENRES, 'Ese género no está en el catálogo.'))
    .max(6, 'Elige como mucho 6 géneros.')
    .optional(),
  links: z.array(djLinkSchema).max(6, 'Como mucho 6 enlaces.').optional(),
});

export const djDashboardGigSchema = djGigSchema.extend({
  status: z.enum(['offered', 'confirmed', 'declined']),
  // Null when the club keeps its figures to itself.
  sold: z.number().int().nullable(),
  checkedIn: z.number().int().nullable(),
});
export type DjDashboardGig = z.infer<typeof djDashboardGigSchema>;

export const djDashboardSchema = z.object({
  profile: djProfileSchema,
  gigs: z.array(djDashboardGigSchema),
  // Followers each day of the last 30 (cumulative), oldest first.
  followersOverTime: z.array(z.object({ date: z.string(), followers: z.number().int() })),
});
export type DjDashboard = z.infer<typeof djDashboardSchema>;

// ---- Mi noche ---------------------------------------------------------------------------------------------------

const eventCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  clubName: z.string(),
  startAt: z.string(),
  coverUrl: z.string(),
});

export const myNightSchema = z.object({
  nextTicket: z.object({ id: z.string(), type: z.string(), event: eventCard }).nullable(),
  friendsGoing: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      username: z.string().nullable(),
      eventId: z.string(),
      eventName: z.string(),
    }),
  ),
  suggestions: z.array(eventCard.extend({ genres: z.array(z.string()) })),
  pastCheckIns: z.array(eventCard.extend({ checkedInAt: z.string() })),
  followedGigs: z.array(djGigSchema.extend({ djName: z.string(), djSlug: z.string() })),
  unread: z.object({ messages: z.number().int(), notifications: z.number().int() }),
  genres: z.array(z.string()),
});
export type MyNight = z.infer<typeof myNightSchema>;
