import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, connectPeople, createEvent, giveTicket } from '../../../test/people-helpers.ts';

describe.each(DIALECTS)('profiles on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  it('documents the people routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/me/profile']!).sort()).toEqual(['get', 'patch']);
    for (const path of [
      '/api/me/privacy',
      '/api/me/avatar',
      '/api/users/search',
      '/api/users/{userId}/profile',
      '/api/users/by-username/{username}/profile',
      '/api/connections',
      '/api/connections/requests',
      '/api/blocks/{userId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('answers 401 to visitors on my own profile, privacy and avatar', async () => {
    expect((await call('GET', '/api/me/profile')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/me/profile', undefined, { bio: 'x' })).statusCode).toBe(401);
    expect((await call('GET', '/api/me/privacy')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/me/privacy', undefined, { isPrivate: true })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/me/avatar')).statusCode).toBe(401);
  });

  it('reads my profile with defaults, edits it in place, and refuses bad input field by field without changing anything', async () => {
    const me = await signUp(t.app, { firstName: 'Lucía', lastName: 'Martín' });
    const first = (await call('GET', '/api/me/profile', me.cookie)).json();
    expect(first).toMatchObject({
      id: me.id,
      name: 'Lucía Martín',
      firstName: 'Lucía',
      lastName: 'Martín',
      username: me.username,
      avatarUrl: null,
      bio: null,
      favouriteGenres: [],
      instagram: null,
      privacy: { isPrivate: false, messagePolicy: 'everyone', showEvents: true, showOnline: true },
      connectionsCount: 0,
      events: [],
    });

    const edited = await call('PATCH', '/api/me/profile', me.cookie, {
      bio: '  Techno los viernes, vermú los domingos.  ',
      favouriteGenres: ['techno', 'house'],
      instagram: 'https://www.instagram.com/lucia.noche/?igsh=abc',
      firstName: 'Lucía María',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Lucía María Martín',
      bio: 'Techno los viernes, vermú los domingos.',
      favouriteGenres: ['techno', 'house'],
      instagram: 'lucia.noche',
    });

    const bad = [
      [{ bio: 'x'.repeat(301) }, 'bio'],
      [{ favouriteGenres: ['polka'] }, 'favouriteGenres.0'],
      [{ favouriteGenres: ['techno', 'techno'] }, 'favouriteGenres'],
      [{ favouriteGenres: ['techno', 'house', 'pop', 'rock', 'funk', 'indie'] }, 'favouriteGenres'],
      [{ instagram: 'no vale con espacios' }, 'instagram'],
      [{ firstName: '   ' }, 'firstName'],
      [{ username: 'ab' }, 'username'],
      [{ username: 'con espacio' }, 'username'],
      [{ email: 'otro@example.com' }, undefined],
    ] as const;
    for (const [payload, field] of bad) {
      const response = await call('PATCH', '/api/me/profile', me.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('VALIDATION_ERROR');
      if (field) expect(error.field).toBe(field);
      // A sentence a person can read, not an empty or machine-only answer.
      expect(error.message).toMatch(/\p{L}{3,}.*\p{L}{3,}/u);
    }
    const after = (await call('GET', '/api/me/profile', me.cookie)).json();
    expect(after).toMatchObject({
      name: 'Lucía María Martín',
      bio: 'Techno los viernes, vermú los domingos.',
      favouriteGenres: ['techno', 'house'],
      instagram: 'lucia.noche',
    });

    // Empty strings clear.
    const cleared = (await call('PATCH', '/api/me/profile', me.cookie, { bio: '', instagram: '' })).json();
    expect(cleared).toMatchObject({ bio: null, instagram: null });
  });

  it('changes the username, keeps its case for display, refuses one taken in any case (409) and finds me by the new one', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const taken = await call('PATCH', '/api/me/profile', me.cookie, {
      username: other.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });

    const fresh = `Noctambula_${Date.now().toString(36)}`;
    const changed = await call('PATCH', '/api/me/profile', me.cookie, { username: fresh });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().username).toBe(fresh);
    const byName = await call('GET', `/api/users/by-username/${fresh.toLowerCase()}/profile`, other.cookie);
    expect(byName.json()).toMatchObject({ id: me.id, username: fresh });
    const search = (await call('GET', `/api/users/search?q=${fresh.toLowerCase()}`, other.cookie)).json();
    expect(search.items.map((i: { id: string }) => i.id)).toEqual([me.id]);
  });

  it('settles two people claiming the same username at once: one gets it, the other 409', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const wanted = `carrera_${Date.now().toString(36)}`;
    const results = await Promise.all([
      call('PATCH', '/api/me/profile', a.cookie, { username: wanted }),
      call('PATCH', '/api/me/profile', b.cookie, { username: wanted.toUpperCase() }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.app.db.selectFrom('users').select('id').where('username', '=', wanted).execute();
    expect(owners).toHaveLength(1);
  });

  it('keeps the privacy settings, with "show when I am online" the same setting as /api/me/presence-settings', async () => {
    const me = await signUp(t.app);
    expect((await call('GET', '/api/me/privacy', me.cookie)).json()).toEqual({
      isPrivate: false,
      messagePolicy: 'everyone',
      showEvents: true,
      showOnline: true,
    });
    const saved = await call('PATCH', '/api/me/privacy', me.cookie, {
      isPrivate: true,
      messagePolicy: 'connections',
      showEvents: false,
      showOnline: false,
    });
    expect(saved.json()).toEqual({
      isPrivate: true,
      messagePolicy: 'connections',
      showEvents: false,
      showOnline: false,
    });
    expect((await call('GET', '/api/me/presence-settings', me.cookie)).json()).toEqual({ showOnline: false });
    await call('PUT', '/api/me/presence-settings', me.cookie, { showOnline: true });
    expect((await call('GET', '/api/me/privacy', me.cookie)).json()).toMatchObject({
      isPrivate: true,
      showOnline: true,
    });
    expect((await call('GET', '/api/me/profile', me.cookie)).json().privacy).toEqual({
      isPrivate: true,
      messagePolicy: 'connections',
      showEvents: false,
      showOnline: true,
    });

    for (const payload of [
      { messagePolicy: 'nobody' },
      { isPrivate: 'yes' },
      { showEvents: null },
      { theme: 'dark' },
    ]) {
      const response = await call('PATCH', '/api/me/privacy', me.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/api/me/privacy', me.cookie)).json()).toEqual({
      isPrivate: true,
      messagePolicy: 'connections',
      showEvents: false,
      showOnline: true,
    });
  });

  it('shows a public profile to visitors and strangers: details, events they go to, no presence, no mutuals for visitors', async () => {
    const owner = await signUp(t.app, { firstName: 'Marta', lastName: 'Sol' });
    const stranger = await signUp(t.app);
    await call('PATCH', '/api/me/profile', owner.cookie, {
      bio: 'Hola',
      favouriteGenres: ['house'],
      instagram: '@marta.sol',
    });
    const upcoming = await createEvent(t.app.db, { name: 'Noche de House', startsInHours: 24 });
    const past = await createEvent(t.app.db, { name: 'Ya pasó', startsInHours: -48 });
    const cancelledTicket = await createEvent(t.app.db, { name: 'Entrada devuelta', startsInHours: 30 });
    const draft = await createEvent(t.app.db, { name: 'Borrador', startsInHours: 30, status: 'draft' });
    await giveTicket(t.app.db, owner.id, upcoming);
    await giveTicket(t.app.db, owner.id, past, 'used');
    await giveTicket(t.app.db, owner.id, cancelledTicket, 'cancelled');
    await giveTicket(t.app.db, owner.id, draft);

    const visitor = await call('GET', `/api/users/${owner.id}/profile`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({
      id: owner.id,
      name: 'Marta Sol',
      isPrivate: false,
      limited: false,
      bio: 'Hola',
      favouriteGenres: ['house'],
      instagram: 'marta.sol',
      connectionsCount: 0,
      mutualConnections: null,
      presence: null,
      connection: 'none',
      canMessage: false,
    });
    expect(visitor.json().events.map((e: { name: string }) => e.name)).toEqual(['Noche de House']);

    const seen = (await call('GET', `/api/users/${owner.id}/profile`, stranger.cookie)).json();
    expect(seen).toMatchObject({
      connection: 'none',
      canMessage: true,
      presence: null,
      mutualConnections: { count: 0, items: [] },
    });
    // The own profile lists the same events.
    expect(
      (await call('GET', '/api/me/profile', owner.cookie)).json().events.map((e: { id: string }) => e.id),
    ).toEqual([upcoming]);

    // Hidden events: null for others, still there for the owner.
    await call('PATCH', '/api/me/privacy', owner.cookie, { showEvents: false });
    expect((await call('GET', `/api/users/${owner.id}/profile`, stranger.cookie)).json().events).toBeNull();
    expect((await call('GET', `/api/users/${owner.id}/profile`, owner.cookie)).json()).toMatchObject({
      connection: 'self',
      canMessage: false,
    });
    expect((await call('GET', `/api/users/${owner.id}/profile`, owner.cookie)).json().events).toHaveLength(1);
  });

  it('shows a private profile to people not connected as name, avatar and connect only; connections see it whole, with mutuals and presence', async () => {
    const owner = await signUp(t.app, { firstName: 'Privada', lastName: 'Total' });
    const friend = await signUp(t.app);
    const stranger = await signUp(t.app);
    const common = await signUp(t.app);
    await call('PATCH', '/api/me/profile', owner.cookie, {
      bio: 'Solo para amigos',
      favouriteGenres: ['techno'],
    });
    await call('PATCH', '/api/me/privacy', owner.cookie, { isPrivate: true });
    const event = await createEvent(t.app.db, { name: 'Secreto', startsInHours: 10 });
    await giveTicket(t.app.db, owner.id, event);
    await connectPeople(t.app, owner, friend);
    await connectPeople(t.app, owner, common);
    await connectPeople(t.app, friend, common);
    await t.app.inject({
      method: 'POST',
      url: '/api/presence/heartbeat',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });

    const limitedViews = [
      await call('GET', `/api/users/${owner.id}/profile`),
      await call('GET', `/api/users/${owner.id}/profile`, stranger.cookie),
      await call('GET', `/api/users/by-username/${owner.username}/profile`, stranger.cookie),
    ];
    for (const view of limitedViews) {
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({
        id: owner.id,
        name: 'Privada Total',
        username: owner.username,
        avatarUrl: null,
        isPrivate: true,
        limited: true,
        bio: null,
        favouriteGenres: [],
        instagram: null,
        connectionsCount: null,
        mutualConnections: null,
        events: null,
        presence: null,
        connection: 'none',
        canMessage: false,
      });
    }

    const full = (await call('GET', `/api/users/${owner.id}/profile`, friend.cookie)).json();
    expect(full).toMatchObject({
      limited: false,
      bio: 'Solo para amigos',
      favouriteGenres: ['techno'],
      connectionsCount: 2,
      connection: 'connected',
      canMessage: true,
      presence: { userId: owner.id, online: true },
      mutualConnections: { count: 1, items: [{ id: common.id }] },
    });
    expect(full.events.map((e: { id: string }) => e.id)).toEqual([event]);

    // A request sent is visible to the requester as "outgoing", still limited.
    await call('POST', '/api/connections/requests', stranger.cookie, { userId: owner.id });
    expect((await call('GET', `/api/users/${owner.id}/profile`, stranger.cookie)).json()).toMatchObject({
      limited: true,
      connection: 'outgoing',
    });
    expect((await call('GET', `/api/users/${stranger.id}/profile`, owner.cookie)).json()).toMatchObject({
      connection: 'incoming',
    });
  });

  it('applies the message setting: "connections" only lets connections write', async () => {
    const owner = await signUp(t.app);
    const friend = await signUp(t.app);
    const stranger = await signUp(t.app);
    await connectPeople(t.app, owner, friend);
    await call('PATCH', '/api/me/privacy', owner.cookie, { messagePolicy: 'connections' });
    expect((await call('GET', `/api/users/${owner.id}/profile`, stranger.cookie)).json().canMessage).toBe(
      false,
    );
    expect((await call('GET', `/api/users/${owner.id}/profile`, friend.cookie)).json().canMessage).toBe(true);
  });

  it('answers 404 for an unknown person and, both ways, for a blocked one, by id and by username', async () => {
    const blocker = await signUp(t.app);
    const blocked = await signUp(t.app);
    const bystander = await signUp(t.app);
    expect((await call('GET', '/api/users/nobody-here/profile', blocker.cookie)).json().error.code).toBe(
      'USER_NOT_FOUND',
    );
    expect((await call('GET', '/api/users/by-username/nadie_nunca/profile')).statusCode).toBe(404);
    expect((await call('PUT', `/api/blocks/${blocked.id}`, blocker.cookie)).statusCode).toBe(200);
    for (const [viewer, target] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const byId = await call('GET', `/api/users/${target.id}/profile`, viewer.cookie);
      const byUsername = await call(
        'GET',
        `/api/users/by-username/${target.username}/profile`,
        viewer.cookie,
      );
      const unknown = await call('GET', '/api/users/nobody-here/profile', viewer.cookie);
      expect(byId.statusCode).toBe(404);
      expect(byUsername.statusCode).toBe(404);
      // Exactly what a person who does not exist answers.
      expect(byId.json()).toEqual(unknown.json());
      expect((await call('GET', `/api/users/${target.id}/presence`, viewer.cookie)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/users/${blocked.id}/profile`, bystander.cookie)).statusCode).toBe(200);
    await call('DELETE', `/api/blocks/${blocked.id}`, blocker.cookie);
    expect((await call('GET', `/api/users/${blocked.id}/profile`, blocker.cookie)).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('user search on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const tag = `zq${Date.now().toString(36)}`;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

  it('finds people by name or username ignoring accents and case, for visitors too, with their connection state', async () => {
    const alvaro = await signUp(t.app, {
      firstName: 'Álvaro',
      lastName: `Núñez${tag}`,
      username: `alv_${tag}`,
    });
    const searcher = await signUp(t.app);
    for (const q of [
      `alvaro nunez${tag}`,
      `ÁLVARO`,
      `NÚÑEZ${tag.toUpperCase()}`,
      `alv_${tag}`,
      `@alv_${tag}`,
    ]) {
      const visitor = await call('GET', `/api/users/search?q=${encodeURIComponent(q)}`);
      expect(visitor.statusCode).toBe(200);
      expect(ids(visitor.json()), q).toContain(alvaro.id);
    }
    const signedIn = (await call('GET', `/api/users/search?q=${tag}`, searcher.cookie)).json();
    expect(signedIn.items).toEqual([
      {
        id: alvaro.id,
        name: `Álvaro Núñez${tag}`,
        username: `alv_${tag}`,
        avatarUrl: null,
        connection: 'none',
      },
    ]);
    await call('POST', '/api/connections/requests', searcher.cookie, { userId: alvaro.id });
    expect(
      (await call('GET', `/api/users/search?q=${tag}`, searcher.cookie)).json().items[0].connection,
    ).toBe('outgoing');
    // An empty query lists nobody; `%` and `_` are literal characters, not wildcards.
    expect((await call('GET', '/api/users/search?q=%20%20')).json()).toEqual({ items: [], nextCursor: null });
    expect(ids((await call('GET', `/api/users/search?q=${encodeURIComponent('%')}`)).json())).toEqual([]);
    expect((await call('GET', `/api/users/search?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await call('GET', '/api/users/search?q=a&cursor=nonsense')).json().error.code).toBe(
      'INVALID_CURSOR',
    );
  });

  it('pages through results with a cursor, each person once, in name order', async () => {
    const page = `pg${tag}`;
    const people = [];
    for (let i = 0; i < 7; i++)
      people.push(
        await signUp(t.app, { firstName: `Persona ${String.fromCharCode(71 - i)}`, lastName: page }),
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/users/search?q=${page}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await call('GET', url)).json() as {
        items: { id: string; name: string }[];
        nextCursor: string | null;
      };
      seen.push(...body.items.map((i) => i.name));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...people.map((p) => `${p.firstName} ${p.lastName}`)].sort());
  });

  it('never shows me to myself nor blocked people to each other (either way), and shows them again after unblocking', async () => {
    const word = `blk${tag}`;
    const me = await signUp(t.app, { lastName: `Yo${word}` });
    const iBlocked = await signUp(t.app, { lastName: `Bloqueada${word}` });
    const blockedMe = await signUp(t.app, { lastName: `Bloqueadora${word}` });
    const free = await signUp(t.app, { lastName: `Libre${word}` });
    await call('PUT', `/api/blocks/${iBlocked.id}`, me.cookie);
    await call('PUT', `/api/blocks/${me.id}`, blockedMe.cookie);
    expect(ids((await call('GET', `/api/users/search?q=${word}`, me.cookie)).json())).toEqual([free.id]);
    expect(ids((await call('GET', `/api/users/search?q=${word}`, iBlocked.cookie)).json())).not.toContain(
      me.id,
    );
    expect(ids((await call('GET', `/api/users/search?q=${word}`, blockedMe.cookie)).json())).not.toContain(
      me.id,
    );
    // Visitors see everyone.
    expect(ids((await call('GET', `/api/users/search?q=${word}`)).json())).toHaveLength(4);
    await call('DELETE', `/api/blocks/${iBlocked.id}`, me.cookie);
    expect(ids((await call('GET', `/api/users/search?q=${word}`, me.cookie)).json()).sort()).toEqual(
      [iBlocked.id, free.id].sort(),
    );
  });
});
