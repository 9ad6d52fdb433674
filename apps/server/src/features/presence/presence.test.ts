import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_OFFLINE_AFTER_MS, SOCKET_EVENTS, type PresenceDevice } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signUp } from '../../../test/auth-helpers.ts';
import { connect, connected, listen, nextEvent } from '../../../test/realtime-helpers.ts';
import { sweepStalePresence } from './service.ts';
import { pairKey } from '../relations/index.ts';

const device = (email: string): PresenceDevice => ({
  email,
  displayName: 'Lucía',
  userAgent: 'Mozilla/5.0 (iPhone)',
  platform: 'iPhone',
  language: 'es-ES',
  timezone: 'Europe/Madrid',
  screenResolution: '390x844',
  onlineStatus: 'online',
});

describe.each(DIALECTS)('presence on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
  });
  afterAll(async () => t.close());

  const req = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    cookie?: string,
    payload?: unknown,
    contentType = 'application/json',
  ) =>
    t.app.inject({
      method,
      url: path,
      headers: {
        origin: TEST_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': contentType } : {}),
      },
      payload:
        payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('answers 401 without a session', async () => {
    expect((await req('POST', '/api/presence/heartbeat')).statusCode).toBe(401);
    expect((await req('POST', '/api/presence/register', undefined, { bad: true })).statusCode).toBe(401);
    expect((await req('POST', '/api/presence/offline', undefined, '{}', 'text/plain')).statusCode).toBe(401);
    expect((await req('GET', '/api/me/presence-settings')).statusCode).toBe(401);
    expect((await req('GET', '/api/users/someone/presence')).statusCode).toBe(401);
  });

  it('registers, beats and goes offline (also by sendBeacon text/plain), keeping last seen, pushed to the user’s tabs', async () => {
    const user = await signUp(t.app);
    const tab = connect(url, user.cookie);
    await connected(tab);
    const online = nextEvent<{ userId: string; online: boolean }>(
      tab,
      SOCKET_EVENTS.presenceChanged,
      (p) => p.online,
    );
    expect((await req('POST', '/api/presence/register', user.cookie, device(user.email))).statusCode).toBe(
      204,
    );
    expect(await online).toMatchObject({ userId: user.id, online: true });
    const mine = (await req('GET', `/api/users/${user.id}/presence`, user.cookie)).json();
    expect(mine).toMatchObject({ userId: user.id, online: true, lastSeenAt: expect.any(String) });
    const row = await t.app.db
      .selectFrom('presence')
      .select('device')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.device!)).toMatchObject({ screenResolution: '390x844', timezone: 'Europe/Madrid' });

    expect((await req('POST', '/api/presence/heartbeat', user.cookie)).statusCode).toBe(204);
    expect(
      (
        await req('POST', '/api/presence/register', user.cookie, {
          ...device(user.email),
          screenResolution: 'big',
        })
      ).statusCode,
    ).toBe(400);

    const offline = nextEvent<{ online: boolean }>(tab, SOCKET_EVENTS.presenceChanged, (p) => !p.online);
    const beacon = await req(
      'POST',
      '/api/presence/offline',
      user.cookie,
      JSON.stringify({ ...device(user.email), onlineStatus: 'offline' }),
      'text/plain;charset=UTF-8',
    );
    expect(beacon.statusCode).toBe(204);
    await offline;
    const after = (await req('GET', `/api/users/${user.id}/presence`, user.cookie)).json();
    expect(after.online).toBe(false);
    expect(Date.parse(after.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(mine.lastSeenAt));
    expect((await req('POST', '/api/presence/offline', user.cookie, '', 'text/plain')).statusCode).toBe(204);
    expect((await req('POST', '/api/presence/offline', user.cookie, '{oops', 'text/plain')).statusCode).toBe(
      400,
    );
    tab.disconnect();
  });

  it('marks a user offline after 90 s without a heartbeat, last seen at that heartbeat', async () => {
    const user = await signUp(t.app);
    await req('POST', '/api/presence/register', user.cookie, device(user.email));
    const beat = await t.app.db
      .selectFrom('presence')
      .select('last_heartbeat_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const beatAt = new Date(beat.last_heartbeat_at!).getTime();
    await sweepStalePresence(t.app.db, t.app.realtime, beatAt + PRESENCE_OFFLINE_AFTER_MS - 1000);
    expect((await req('GET', `/api/users/${user.id}/presence`, user.cookie)).json().online).toBe(true);
    expect(
      await sweepStalePresence(t.app.db, t.app.realtime, beatAt + PRESENCE_OFFLINE_AFTER_MS + 1000),
    ).toBeGreaterThanOrEqual(1);
    const presence = (await req('GET', `/api/users/${user.id}/presence`, user.cookie)).json();
    expect(presence.online).toBe(false);
    expect(Date.parse(presence.lastSeenAt)).toBe(beatAt);
  });

  it('shows presence only to the user and their connections, never when hidden; settings round-trip', async () => {
    const owner = await signUp(t.app);
    const friend = await signUp(t.app);
    const stranger = await signUp(t.app);
    await req('POST', '/api/presence/register', owner.cookie, device(owner.email));
    expect((await req('GET', `/api/users/${owner.id}/presence`, stranger.cookie)).statusCode).toBe(404);
    expect((await req('GET', '/api/users/nobody-at-all/presence', stranger.cookie)).statusCode).toBe(404);

    // An accepted connection between friend and owner, written as the connections feature stores it.
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('connections')
      .values({
        id: `c-${owner.id}`,
        pair_key: pairKey(owner.id, friend.id),
        requester_id: friend.id,
        addressee_id: owner.id,
        status: 'accepted',
        created_at: now,
        accepted_at: now,
      })
      .execute();
    expect((await req('GET', `/api/users/${owner.id}/presence`, friend.cookie)).json()).toMatchObject({
      userId: owner.id,
      online: true,
    });
    expect((await req('GET', `/api/users/${owner.id}/presence`, stranger.cookie)).statusCode).toBe(404);

    expect((await req('GET', '/api/me/presence-settings', owner.cookie)).json()).toEqual({
      showOnline: true,
    });
    const put = await req('PUT', '/api/me/presence-settings', owner.cookie, { showOnline: false });
    expect(put.json()).toEqual({ showOnline: false });
    expect((await req('GET', '/api/me/presence-settings', owner.cookie)).json()).toEqual({
      showOnline: false,
    });
    expect((await req('GET', `/api/users/${owner.id}/presence`, friend.cookie)).statusCode).toBe(404);
    expect((await req('GET', `/api/users/${owner.id}/presence`, owner.cookie)).statusCode).toBe(200);
    expect(
      (await req('PUT', '/api/me/presence-settings', owner.cookie, { showOnline: 'no' })).statusCode,
    ).toBe(400);

    // A block hides presence even from a connection who would otherwise see it.
    await req('PUT', '/api/me/presence-settings', owner.cookie, { showOnline: true });
    expect((await req('GET', `/api/users/${owner.id}/presence`, friend.cookie)).statusCode).toBe(200);
    await t.app.db
      .insertInto('user_blocks')
      .values({ blocker_id: owner.id, blocked_id: friend.id, created_at: now })
      .execute();
    expect((await req('GET', `/api/users/${owner.id}/presence`, friend.cookie)).statusCode).toBe(404);
  });
});
