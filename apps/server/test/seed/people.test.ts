import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { signIn } from '../auth-helpers.ts';
import { caller } from '../people-helpers.ts';
import { DEMO_PASSWORD, ensureDemoUsers, seedMadridIfEmpty } from '../../src/seed/madrid.ts';
import { seedMadridPeople } from '../../src/seed/madrid-people.ts';

describe.each(DIALECTS)('Madrid demo people on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('gives the demo accounts profiles and connections, and running it again changes nothing', async () => {
    expect(await seedMadridIfEmpty(t.app.db)).not.toBeNull();
    const count = async (table: 'user_profiles' | 'connections') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { profiles: await count('user_profiles'), connections: await count('connections') };
    expect(before).toEqual({ profiles: 5, connections: 4 });
    await seedMadridPeople(t.app.db, await ensureDemoUsers(t.app.db));
    expect({ profiles: await count('user_profiles'), connections: await count('connections') }).toEqual(
      before,
    );

    const call = caller(t.app);
    const lucia = await signIn(t.app, 'user@demo.nocturna.es', DEMO_PASSWORD);
    const me = (await call('GET', '/api/me/profile', lucia)).json();
    expect(me).toMatchObject({
      username: 'lucia',
      favouriteGenres: ['techno', 'house'],
      instagram: 'lucia.de.noche',
      connectionsCount: 2,
    });
    expect((await call('GET', '/api/connections/counts', lucia)).json()).toMatchObject({
      connections: 2,
      received: 1,
      sent: 0,
    });
  });
});
