// One aforo: the club's licensed capacity is the same number on the club page, in the CEO panel, at the door and in
// the analytics; the places a night puts on sale are told apart from it (Kápital: 2,250 on sale of 2,500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aforo, CeoDashboard, ClubDetail, EventAnalytics } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { caller } from '../door-fixture.ts';
import { signIn } from '../auth-helpers.ts';
import { DEMO_PASSWORD, seedMadridIfEmpty } from '../../src/seed/madrid.ts';
import { DEMO_CEO_EMAIL, seedMadridDoor } from '../../src/seed/madrid-door.ts';

describe.each(DIALECTS)('one aforo on %s', (dialect) => {
  let t: TestApp;
  let ceo: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedMadridIfEmpty(t.app.db);
    await seedMadridDoor(t.app.db);
    ceo = await signIn(t.app, DEMO_CEO_EMAIL, DEMO_PASSWORD);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  it.each([
    ['kapital', 2500, 2250],
    ['neon-malasana', 350, 315],
  ])(
    '%s: the club page, the CEO panel, the door and the analytics show aforo %i, with %i on sale',
    async (slug, aforo, onSale) => {
      const club = (await call('GET', `/api/clubs/${slug}`)).json() as ClubDetail;
      expect(club.capacity).toBe(aforo);

      const panel = (await call('GET', '/api/dashboards/ceo', ceo)).json() as CeoDashboard;
      expect(panel.clubs.find((c) => c.slug === slug)?.capacity).toBe(aforo);
      const nights = [...panel.tonight, ...panel.next].filter((e) => e.clubId === club.id);
      expect(nights.length).toBeGreaterThan(0);
      for (const night of nights) expect(night).toMatchObject({ aforo, capacity: onSale });

      const night = nights[0]!;
      const door = await call('GET', `/api/door/events/${night.id}/aforo`, ceo);
      expect(door.statusCode).toBe(200);
      expect(door.json() as Aforo).toMatchObject({ eventId: night.id, capacity: aforo, onSale });

      const analytics = (
        await call('GET', `/api/analytics/events/${night.id}`, ceo)
      ).json() as EventAnalytics;
      expect(analytics.summary).toMatchObject({ aforo, capacity: onSale });
      const clubAnalytics = await call('GET', `/api/analytics/clubs/${club.id}`, ceo);
      expect(clubAnalytics.json().club.capacity).toBe(aforo);
    },
  );
});
