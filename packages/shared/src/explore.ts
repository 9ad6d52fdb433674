// Explore and directions contract: the map of Madrid's nights with its filters, trending events,
// where a person's connections are going, and how to reach a club (map apps and the nearest Metro stations).
import { z } from 'zod';
import { eventSummary } from './catalogue.ts';
import { userCardSchema } from './connections.ts';

import { EXPLORE_WHEN, TONIGHT_STATES } from './explore-values.ts';

export * from './explore-values.ts';

const coordinate = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `La ${what} debe ser un número.` })
    .min(min, { error: `La ${what} debe estar entre ${min} y ${max}.` })
    .max(max, { error: `La ${what} debe estar entre ${min} y ${max}.` });

const flag = z.enum(['true', 'false', '1', '0'], { error: 'Debe ser true o false.' });
export const isOn = (value: string | undefined): boolean => value === 'true' || value === '1';

export const exploreQuery = z
  .object({
    when: z.enum(EXPLORE_WHEN, { error: 'Elige tonight, weekend, date o week.' }).default('week'),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato AAAA-MM-DD.' })
      .optional(),
    genre: z.string().trim().max(40).optional(),
    barrio: z.string().trim().max(60).optional(),
    // The most a person wants to pay at the door, in cents (0: free only).
    maxPrice: z.coerce
      .number({ error: 'El precio debe ser un número de céntimos.' })
      .int({ error: 'El precio debe ser un número entero de céntimos.' })
      .min(0, { error: 'El precio no puede ser negativo.' })
      .max(1_000_000, { error: 'El precio es demasiado alto.' })
      .optional(),
    // The person's age: only events whose minimum age it reaches.
    age: z.coerce
      .number({ error: 'La edad debe ser un número.' })
      .int({ error: 'La edad debe ser un número entero.' })
      .min(14, { error: 'La edad debe estar entre 14 y 99.' })
      .max(99, { error: 'La edad debe estar entre 14 y 99.' })
      .optional(),
    openNow: flag.optional(),
    lat: coordinate(-90, 90, 'latitud').optional(),
    lng: coordinate(-180, 180, 'longitud').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.when === 'date' && !q.date)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Elige una fecha.' });
    if ((q.lat === undefined) !== (q.lng === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.lat === undefined ? 'lat' : 'lng'],
        message: 'La latitud y la longitud van juntas.',
      });
  });
export type ExploreQuery = z.infer<typeof exploreQuery>;

export const exploreClubSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  barrio: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  tonight: z.enum(TONIGHT_STATES),
  // Its events in the result; 0: nothing in the chosen range with these filters (a muted marker). Every open club
  // of Madrid (of the barrio, when one is chosen) is listed.
  events: z.number().int(),
  distanceM: z.number().int().nullable(),
});
export type ExploreClub = z.infer<typeof exploreClubSchema>;

export const exploreEventSchema = eventSummary.extend({
  latitude: z.number(),
  longitude: z.number(),
  // Tickets issued for it in the last 24 hours.
  sales24h: z.number().int(),
  // Connections going who let their connections see it (their "show my events" switch), a few of them.
  friends: z.array(userCardSchema),
  friendsCount: z.number().int(),
  distanceM: z.number().int().nullable(),
});
export type ExploreEvent = z.infer<typeof exploreEventSchema>;

export const EXPLORE_EVENTS_LIMIT = 100;
export const TRENDING_LIMIT = 5;
export const FRIENDS_SHOWN = 3;

export const exploreResultSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  clubs: z.array(exploreClubSchema),
  events: z.array(exploreEventSchema),
  // Ids of `events`, best-selling in the last 24 hours first (only those that sold).
  trending: z.array(z.string()),
  // Ids of `events` some connection is going to, soonest first.
  friendsGoing: z.array(z.string()),
});
export type ExploreResult = z.infer<typeof exploreResultSchema>;

// The online map style /explore tries first (MAP_STYLE_URL), or null: the offline basemap only.
export const exploreMapConfigSchema = z.object({ styleUrl: z.string().nullable() });
export type ExploreMapConfig = z.infer<typeof exploreMapConfigSchema>;

export const metroStationSchema = z.object({
  name: z.string(),
  lines: z.array(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  distanceM: z.number().int(),
  walkMinutes: z.number().int(),
});
export type MetroStation = z.infer<typeof metroStationSchema>;

export const clubDirectionsSchema = z.object({
  clubId: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  links: z.object({ geo: z.string(), apple: z.string(), google: z.string() }),
  stations: z.array(metroStationSchema),
});
export type ClubDirections = z.infer<typeof clubDirectionsSchema>;
