// `npm run seed:demo`: exactly the spec's demo set: 2 clubs, 4 events, 3 snapshots and 1 used
// general ticket at 25 EUR with id `{userId}_{eventId}`. Safe to run again: every row is keyed by a fixed id.
import { DEMO_SEED, randomTicketCode } from '@nocturna/shared';
import { TZDate } from '@date-fns/tz';
import type { Db } from '../db/connect.ts';
import { insertClub, insertEvent } from './catalogue-writer.ts';
import { ensureDemoUsers } from './madrid.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { WALL_MEDIA_PREFIX, wallFileName } from '../features/wall/index.ts';
import { storeDemoSnapshotPhotos } from './demo-snapshots.ts';
import * as clock from '../clock.ts';

export type SeedResult = { success: true } | { success: false; error: string };

const CLUBS = [
  {
    id: 'demo-club-1',
    slug: 'demo-sala-aurora',
    name: 'Sala Aurora',
    barrio: 'Malasaña',
    openingDays: ['THU', 'FRI', 'SAT'] as const,
    color: '#a855f7',
    genres: ['techno', 'house'],
  },
  {
    id: 'demo-club-2',
    slug: 'demo-club-medianoche',
    name: 'Club Medianoche',
    barrio: 'Chueca',
    openingDays: ['WED', 'FRI', 'SAT'] as const,
    color: '#f43f5e',
    genres: ['pop', 'reggaeton'],
  },
];

function nightAt(daysFromNow: number, hour: number): Date {
  const now = new TZDate(clock.nowMs(), 'Europe/Madrid');
  return new Date(
    new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + daysFromNow, hour, 0, 0, 'Europe/Madrid'),
  );
}

const EVENTS = [
  {
    id: 'demo-event-1',
    clubId: 'demo-club-1',
    name: 'Aurora Opening Night',
    day: -7,
    gallery: 'public' as const,
  },
  {
    id: 'demo-event-2',
    clubId: 'demo-club-1',
    name: 'Aurora Techno Sessions',
    day: 3,
    gallery: 'attendees' as const,
  },
  {
    id: 'demo-event-3',
    clubId: 'demo-club-2',
    name: 'Medianoche Pop Party',
    day: 4,
    gallery: 'public' as const,
  },
  {
    id: 'demo-event-4',
    clubId: 'demo-club-2',
    name: 'Medianoche Latino',
    day: 10,
    gallery: 'attendees' as const,
  },
];

// With a storage, the snapshots get real photos (drawn at seed time) on the demo event's wall.
export async function seedDemo(db: Db, storage?: FileStorage): Promise<SeedResult> {
  try {
    if (storage)
      for (const n of [1, 2, 3]) await storeDemoSnapshotPhotos(storage, `demo-snapshot-${n}`, n - 1);
    await db.transaction().execute(async (trx) => {
      const users = await ensureDemoUsers(trx);
      const userId = users.get('user@demo.nocturna.es')!;
      for (const club of CLUBS) {
        const exists = await trx
          .selectFrom('clubs')
          .select('id')
          .where('id', '=', club.id)
          .executeTakeFirst();
        if (!exists)
          await insertClub(trx, {
            ...club,
            openingDays: [...club.openingDays],
            city: 'Madrid',
            description: `${club.name}, club de demostración.`,
          });
      }
      for (const event of EVENTS) {
        const exists = await trx
          .selectFrom('events')
          .select('id')
          .where('id', '=', event.id)
          .executeTakeFirst();
        if (exists) continue;
        const club = CLUBS.find((c) => c.id === event.clubId)!;
        await insertEvent(
          trx,
          {
            id: event.id,
            slug: event.id,
            clubId: event.clubId,
            name: event.name,
            city: 'Madrid',
            startAt: nightAt(event.day + 1, 0),
            endAt: nightAt(event.day + 1, 6),
            status: 'published',
            gallery: event.gallery,
            genres: club.genres,
            description: `${event.name} en ${club.name}.`,
            ticketTypes: [{ name: 'General', priceCents: DEMO_SEED.ticketPriceEur * 100, capacity: 300 }],
          },
          club.name,
        );
      }
      const captions = ['¡Arrancamos!', 'Esta cabina 🔥', 'Última canción y a casa'];
      const snapshots = [1, 2, 3].map((n) => ({
        id: `demo-snapshot-${n}`,
        event_id: 'demo-event-1',
        user_id: userId,
        // Without a storage (a bare database), the snapshots point at the drawn posters instead.
        front_url: storage
          ? `${WALL_MEDIA_PREFIX}${wallFileName(`demo-snapshot-${n}`, 'front', 'full')}`
          : `/media/events/demo-event-1/cover.svg`,
        back_url: storage
          ? `${WALL_MEDIA_PREFIX}${wallFileName(`demo-snapshot-${n}`, 'back', 'full')}`
          : `/media/clubs/demo-club-1/logo.svg`,
        media_id: storage ? `demo-snapshot-${n}` : null,
        caption: captions[n - 1]!,
        status: 'approved' as const,
        approved: true,
        username: 'lucia',
        user_display_name: 'Lucía Martín',
        user_photo_url: null,
        created_at: nightAt(-6, 1 + n).toISOString(),
      }));
      await trx
        .insertInto('snapshots')
        .values(snapshots)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('tickets')
        .values({
          id: `${userId}_demo-event-1`,
          event_id: 'demo-event-1',
          user_id: userId,
          ticket_type_id: 'demo-event-1-tt1',
          type: 'general',
          price_cents: DEMO_SEED.ticketPriceEur * 100,
          currency: 'EUR',
          status: 'used',
          check_in_at: nightAt(-6, 1).toISOString(),
          qr_code: `${userId}_demo-event-1`,
          code: randomTicketCode(),
          created_at: nightAt(-9, 12).toISOString(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    });
    return { success: true };
  } catch (error) {
    return {
      success: false,
      error: error instanceof Error && error.message ? error.message : 'Unknown error',
    };
  }
}
