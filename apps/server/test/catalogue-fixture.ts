// A small, hand-written catalogue for the catalogue tests: three clubs in three barrios and events placed
// relative to a chosen `now`, so every filter has rows that must match and rows that must not.
import type { Db } from '../src/db/connect.ts';
import { insertClub, insertEvent } from '../src/seed/catalogue-writer.ts';

const HOUR = 3600_000;

export type CatalogueFixture = {
  clubs: { kapital: string; boveda: string; neon: string };
  events: Record<
    'soon' | 'techno' | 'indie' | 'cheap' | 'underWay' | 'past' | 'draft' | 'cancelled' | 'free',
    string
  >;
};

export async function seedCatalogueFixture(db: Db, now: Date): Promise<CatalogueFixture> {
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
  const kapital = await insertClub(db, {
    slug: 'kapital',
    name: 'Kápital',
    barrio: 'Centro',
    genres: ['commercial', 'reggaeton'],
    openingDays: ['THU', 'FRI', 'SAT'],
    description: 'Siete plantas.',
  });
  const boveda = await insertClub(db, {
    slug: 'sala-boveda',
    name: 'Sala Bóveda',
    barrio: 'Lavapiés',
    genres: ['techno'],
    openingDays: ['FRI', 'SAT'],
  });
  const neon = await insertClub(db, {
    slug: 'neon',
    name: 'Neón Malasaña',
    barrio: 'Malasaña',
    genres: ['indie', 'pop'],
    openingDays: ['WED'],
  });

  const ticket = (priceCents: number) => [{ name: 'General', priceCents, capacity: 100 }];
  const event = (
    slug: string,
    clubId: string,
    clubName: string,
    startHours: number,
    extra: Partial<Parameters<typeof insertEvent>[1]> = {},
  ) =>
    insertEvent(
      db,
      {
        slug,
        clubId,
        name: slug,
        startAt: at(startHours),
        endAt: at(startHours + 6),
        ticketTypes: ticket(1500),
        ...extra,
      },
      clubName,
    );

  return {
    clubs: { kapital, boveda, neon },
    events: {
      soon: await event('jueves-universitario', kapital, 'Kápital', 3, {
        name: 'Jueves Universitario',
        genres: ['commercial'],
      }),
      techno: await event('bunker', boveda, 'Sala Bóveda', 26, {
        name: 'Búnker',
        genres: ['techno'],
        lineup: [{ djName: 'Ozono' }, { djName: 'Mar Flux' }],
        ticketTypes: [
          { name: 'General', priceCents: 1800, capacity: 100 },
          { name: 'VIP', priceCents: 6000, capacity: 10 },
        ],
      }),
      indie: await event('indie-club', neon, 'Neón Malasaña', 50, {
        name: 'Indie Club',
        genres: ['indie'],
        ticketTypes: ticket(1000),
      }),
      cheap: await event('perreo', kapital, 'Kápital', 74, {
        name: 'Perreo Intenso',
        genres: ['reggaeton'],
        ticketTypes: ticket(800),
      }),
      free: await event('lista-gratis', neon, 'Neón Malasaña', 98, {
        name: 'Lista Gratis',
        genres: ['pop'],
        ticketTypes: ticket(0),
      }),
      underWay: await event('en-marcha', boveda, 'Sala Bóveda', -2, {
        name: 'En Marcha',
        genres: ['techno'],
      }),
      past: await event('ya-paso', kapital, 'Kápital', -30, { name: 'Ya Pasó', genres: ['commercial'] }),
      draft: await event('borrador', kapital, 'Kápital', 10, {
        name: 'Borrador',
        status: 'draft',
        genres: ['commercial'],
      }),
      cancelled: await event('cancelado', boveda, 'Sala Bóveda', 12, {
        name: 'Cancelado',
        status: 'cancelled',
        genres: ['techno'],
      }),
    },
  };
}
