import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridInstant, madridWallClock, type WhatsNewFeed, type WhatsNewItem } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, connectPeople, giveTicket } from '../../../test/people-helpers.ts';
import { person, scan, staffedClub, type Person as Named } from '../../../test/door-fixture.ts';
import { PLACES, buyOne, placeClub, placeEvent } from '../../../test/discovery-fixture.ts';
import { buy } from '../../../test/tickets-fixture.ts';
import { posted, wallEvent } from '../../../test/wall-fixture.ts';

type Person = Awaited<ReturnType<typeof signUp>>;
const DAY = 24 * 3600_000;
const inDays = (days: number, time = '23:30') =>
  madridInstant(madridWallClock(new Date(Date.now() + days * DAY)).date, time);

describe.each(DIALECTS)('novedades on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let regular: Person;
  let other: Person;
  let friend: Person;
  let hider: Person;
  let ceo: Person;
  const ev: Record<string, string> = {};

  const feed = async (cookie?: string) => {
    const res = await call('GET', '/api/whats-new', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WhatsNewFeed;
  };
  const unreadCount = async (cookie: string) =>
    (await call('GET', '/api/whats-new/unread-count', cookie)).json().count as number;
  const find = (f: WhatsNewFeed, kind: WhatsNewItem['kind'], eventId: string) =>
    f.items.filter((i) => i.kind === kind && i.event.id === eventId);
  const createdDaysAgo = (eventId: string, days: number) =>
    t.app.db
      .updateTable('events')
      .set({ created_at: new Date(Date.now() - days * DAY).toISOString() })
      .where('id', '=', eventId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    const admin = await person(t.app, 'admin');
    const staffed = await staffedClub(t.app, admin);
    ceo = staffed.ceo;
    const people = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
    [regular, other, friend, hider] = people as [Person, Person, Person, Person];

    // `regular` went to the staffed club tonight: a ticket scanned at its door.
    ev.tonight = await placeEvent(t.app, staffed.club, { start: new Date(Date.now() - 3600_000) });
    const ticket = await buyOne(t.app, regular, ev.tonight);
    expect((await scan(t.app, staffed.door, ev.tonight, { ticketId: ticket })).json().outcome).toBe('valid');

    // At the club they went to: a night announced ten days ago (older than "this week").
    ev.visitedOld = await placeEvent(t.app, staffed.club, { start: inDays(6) });
    await createdDaysAgo(ev.visitedOld, 10);
    ev.visitedOther = await placeEvent(t.app, staffed.club, { start: inDays(9) });
    await createdDaysAgo(ev.visitedOther, 20);
    // Elsewhere: one announced ten days ago, one today, one long ago.
    const elsewhere = await placeClub(t.app, PLACES.malasana);
    ev.elsewhereOld = await placeEvent(t.app, elsewhere, { start: inDays(7) });
    await createdDaysAgo(ev.elsewhereOld, 10);
    ev.fresh = await placeEvent(t.app, elsewhere, {
      start: inDays(4),
      types: [
        { name: 'Anticipada', priceCents: 1000, capacity: 2 },
        { name: 'General', priceCents: 1500, capacity: 100 },
      ],
    });
    ev.ancient = await placeEvent(t.app, elsewhere, { start: inDays(8) });
    await createdDaysAgo(ev.ancient, 40);
    ev.draft = await placeEvent(t.app, elsewhere, { start: inDays(5), status: 'draft' });
    await connectPeople(t.app, regular, friend);
    await connectPeople(t.app, regular, hider);
    expect((await call('PATCH', '/api/me/privacy', hider.cookie, { showEvents: false })).statusCode).toBe(
      200,
    );
  });
  afterAll(async () => t.close());

  it('shows a visitor the events announced this week, nothing personal and nothing unread', async () => {
    const f = await feed();
    expect(f.personal).toBe(false);
    expect(f.unread).toBe(0);
    const events = f.items.map((i) => i.event.id);
    expect(events).toContain(ev.fresh);
    for (const id of [ev.visitedOld, ev.elsewhereOld, ev.ancient, ev.draft]) expect(events).not.toContain(id);
    expect(new Set(f.items.map((i) => i.kind))).toEqual(new Set(['new_event']));
    expect(f.items.every((i) => !i.unread)).toBe(true);
    expect((await call('GET', '/api/whats-new/unread-count')).statusCode).toBe(401);
    expect((await call('POST', '/api/whats-new/read-all')).statusCode).toBe(401);
  });

  it('tells a person about new events at the clubs they went to, not at clubs they never entered', async () => {
    const mine = (await feed(regular.cookie)).items.map((i) => i.event.id);
    expect(mine).toContain(ev.visitedOld);
    expect(mine).toContain(ev.fresh);
    expect(mine).not.toContain(ev.elsewhereOld);
    const theirs = (await feed(other.cookie)).items.map((i) => i.event.id);
    expect(theirs).not.toContain(ev.visitedOld);
    expect(theirs).toContain(ev.fresh);
  });

  it('tells about a price drop made by the club, not a rise, only to the people that night concerns', async () => {
    const typeOf = (eventId: string, n: number) => `${eventId}-tt${n}`;
    const setPrice = async (eventId: string, priceCents: number) => {
      const res = await call(
        'PATCH',
        `/api/manage/events/${eventId}/ticket-types/${typeOf(eventId, 1)}`,
        ceo.cookie,
        { priceCents },
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    const drops = (f: WhatsNewFeed) => f.items.filter((i) => i.kind === 'price_drop');
    await setPrice(ev.visitedOld!, 900);
    await setPrice(ev.visitedOther!, 2500);
    // `regular` went to that club: its drop is news to them, its rise is not.
    const mine = await feed(regular.cookie);
    expect(find(mine, 'price_drop', ev.visitedOld!)).toEqual([
      expect.objectContaining({
        ticketType: 'General',
        oldPrice: { cents: 1500, currency: 'EUR' },
        newPrice: { cents: 900, currency: 'EUR' },
      }),
    ]);
    expect(find(mine, 'price_drop', ev.visitedOther!)).toEqual([]);
    // Someone who never went there, holds nothing and follows nobody hears of no drop; a visitor neither.
    expect(drops(await feed(other.cookie))).toEqual([]);
    expect(drops(await feed())).toEqual([]);

    // A DJ the person follows plays that night: its drop is theirs too.
    const fan = await signUp(t.app);
    const dj: Named = await person(t.app, 'dj');
    await t.app.db
      .insertInto('event_lineup')
      .values({
        event_id: ev.visitedOther!,
        position: 9,
        dj_name: dj.name,
        dj_user_id: dj.id,
        starts_at: null,
        ends_at: null,
      })
      .execute();
    const follow = await call('PUT', `/api/djs/${dj.username}/follow`, fan.cookie);
    expect(follow.statusCode, follow.body).toBe(200);
    expect(drops(await feed(fan.cookie))).toEqual([]);
    await setPrice(ev.visitedOther!, 2000);
    expect(drops(await feed(fan.cookie))).toEqual([
      expect.objectContaining({
        event: expect.objectContaining({ id: ev.visitedOther }),
        oldPrice: { cents: 2500, currency: 'EUR' },
        newPrice: { cents: 2000, currency: 'EUR' },
      }),
    ]);
    expect(drops(await feed(other.cookie))).toEqual([]);
  });

  it('tells those holding tickets for a night when a cancellation frees places on a sold-out type, nobody else', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const buyType = async (who: Person, typeId: string) => {
      const bought = await buy(t.app, who, { ticketTypeId: typeId });
      expect(bought.statusCode, bought.body).toBe(201);
      return (bought.json() as { tickets: { id: string }[] }).tickets[0]!.id;
    };
    const early = `${ev.fresh}-tt1`;
    const general = `${ev.fresh}-tt2`;
    const first = await buyType(a, early);
    await buyType(b, early);
    const roomy = await buyType(a, general);
    expect(find(await feed(b.cookie), 'tickets_released', ev.fresh!)).toEqual([]);
    for (const id of [first, roomy])
      expect((await call('POST', `/api/tickets/${id}/cancel`, a.cookie)).statusCode).toBe(200);
    // `b` holds a ticket for that night: the freed place is theirs to hear of (for a friend, say), on the
    // sold-out type only.
    const released = find(await feed(b.cookie), 'tickets_released', ev.fresh!);
    expect(released).toEqual([expect.objectContaining({ ticketType: 'Anticipada', released: 1 })]);
    // Not news to someone with no ticket, visit or DJ there, nor to a visitor.
    expect(find(await feed(other.cookie), 'tickets_released', ev.fresh!)).toEqual([]);
    expect((await feed()).items.filter((i) => i.kind === 'tickets_released')).toEqual([]);
  });

  it('tells about connections going, only those who show their events', async () => {
    await buyOne(t.app, friend, ev.elsewhereOld!);
    await buyOne(t.app, hider, ev.elsewhereOld!);
    const going = find(await feed(regular.cookie), 'friend_going', ev.elsewhereOld!);
    expect(going.map((i) => i.friend?.id)).toEqual([friend.id]);
    expect(find(await feed(other.cookie), 'friend_going', ev.elsewhereOld!)).toEqual([]);
  });

  it('counts what is unread, clears it with "marcar todo como leído" and counts what comes after', async () => {
    const before = await feed(regular.cookie);
    expect(before.unread).toBeGreaterThan(0);
    expect(before.unread).toBe(before.items.filter((i) => i.unread).length);
    expect(await unreadCount(regular.cookie)).toBe(before.unread);
    const read = await call('POST', '/api/whats-new/read-all', regular.cookie);
    expect(read.statusCode).toBe(200);
    const after = await feed(regular.cookie);
    expect(after.unread).toBe(0);
    expect(after.items.some((i) => i.unread)).toBe(false);
    expect(after.readAt).not.toBeNull();
    expect(await unreadCount(regular.cookie)).toBe(0);
    // Something new afterwards is unread again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await buyOne(t.app, friend, ev.fresh!);
    expect(await unreadCount(regular.cookie)).toBe(1);
    const next = await feed(regular.cookie);
    expect(next.items.filter((i) => i.unread).map((i) => i.kind)).toEqual(['friend_going']);
  });

  it('starts a new account at zero unread: what was announced before it existed is not news', async () => {
    const newcomer = await signUp(t.app);
    const f = await feed(newcomer.cookie);
    expect(f.items.map((i) => i.event.id)).toContain(ev.fresh);
    expect(f.unread).toBe(0);
    expect(f.items.some((i) => i.unread)).toBe(false);
    expect(await unreadCount(newcomer.cookie)).toBe(0);
  });

  it('groups new events weeks ahead under "Más adelante", read and not counted, soonest first', async () => {
    const watcher = await signUp(t.app);
    const club = await placeClub(t.app, PLACES.sol);
    const farther = await placeEvent(t.app, club, { start: inDays(30) });
    const far = await placeEvent(t.app, club, { start: inDays(20) });
    const soon = await placeEvent(t.app, club, { start: inDays(3) });
    const f = await feed(watcher.cookie);
    expect(f.items.map((i) => i.event.id)).toContain(soon);
    expect(f.items.map((i) => i.event.id)).not.toContain(far);
    expect(f.later.map((i) => i.event.id)).toEqual([far, farther]);
    expect(f.later.every((i) => i.kind === 'new_event' && !i.unread)).toBe(true);
    // Only the night in three days is news to count.
    expect(f.items.filter((i) => i.unread).map((i) => i.event.id)).toEqual([soon]);
    expect(await unreadCount(watcher.cookie)).toBe(1);
  });

  it('keeps one read mark per person when "marcar todo como leído" arrives many times at once', async () => {
    const someone = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/whats-new/read-all', someone.cookie)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const rows = await t.app.db
      .selectFrom('whats_new_reads')
      .selectAll()
      .where('user_id', '=', someone.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await unreadCount(someone.cookie)).toBe(0);
  });

  it('tells about a DJ the person follows confirming a slot, not an unfollowed DJ nor a declined slot', async () => {
    const fan = await signUp(t.app);
    const [followed, unfollowed, decliner] = (await Promise.all([
      person(t.app, 'dj'),
      person(t.app, 'dj'),
      person(t.app, 'dj'),
    ])) as [Named, Named, Named];
    const { eventId } = await wallEvent(t.app, { startsInHours: 48 });
    await t.app.db
      .insertInto('event_lineup')
      .values(
        [followed, unfollowed, decliner].map((dj, position) => ({
          event_id: eventId,
          position,
          dj_name: dj.name,
          dj_user_id: dj.id,
          starts_at: null,
          ends_at: null,
        })),
      )
      .execute();
    const slugs: Record<string, string> = {};
    for (const dj of [followed, decliner]) {
      const res = await call('PUT', `/api/djs/${dj.username}/follow`, fan.cookie);
      expect(res.statusCode, res.body).toBe(200);
      slugs[dj.id] = (res.json() as { slug: string }).slug;
    }
    expect(find(await feed(fan.cookie), 'dj_booked', eventId)).toEqual([]);
    for (const [dj, answer] of [
      [followed, 'confirm'],
      [unfollowed, 'confirm'],
      [decliner, 'decline'],
    ] as const) {
      const res = await call('POST', `/api/dj/gigs/${eventId}/${answer}`, dj.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    const f = await feed(fan.cookie);
    expect(find(f, 'dj_booked', eventId)).toEqual([
      expect.objectContaining({
        dj: { name: followed.name, slug: slugs[followed.id] },
        friend: null,
        unread: true,
      }),
    ]);
    expect(f.items.filter((i) => i.kind !== 'dj_booked').every((i) => i.dj === null)).toBe(true);
    // Someone who follows nobody hears of no booking.
    expect(find(await feed(other.cookie), 'dj_booked', eventId)).toEqual([]);
  });

  it("tells about connections' photos on walls the person may see, only approved and shown, with consent", async () => {
    const viewer = await signUp(t.app);
    const [poster, shy, blocker, stranger] = await Promise.all(
      Array.from({ length: 4 }, () => signUp(t.app)),
    );
    for (const p of [poster!, shy!, blocker!]) await connectPeople(t.app, viewer, p);
    expect((await call('PATCH', '/api/me/privacy', shy!.cookie, { showEvents: false })).statusCode).toBe(200);
    const open = (await wallEvent(t.app, { gallery: 'public', moderation: 'post' })).eventId;
    const moderated = (await wallEvent(t.app, { gallery: 'public', moderation: 'pre' })).eventId;
    const hidden = (await wallEvent(t.app, { gallery: 'public', moderation: 'post' })).eventId;
    const attendees = (await wallEvent(t.app, { gallery: 'attendees', moderation: 'post' })).eventId;
    for (const eventId of [open, moderated, hidden, attendees])
      await giveTicket(t.app.db, poster!.id, eventId);
    for (const p of [shy!, blocker!, stranger!]) await giveTicket(t.app.db, p.id, open);

    const shown = await posted(t.app, poster!, open, 'Qué noche');
    const pending = await posted(t.app, poster!, moderated);
    expect(pending.status).toBe('pending');
    const taken = await posted(t.app, poster!, hidden);
    await t.app.db
      .updateTable('snapshots')
      .set({ hidden_reason: 'takedown' })
      .where('id', '=', taken.id)
      .execute();
    await posted(t.app, poster!, attendees);
    for (const p of [shy!, blocker!, stranger!]) await posted(t.app, p, open);
    // A block either way hides the pair from each other, even with the connection still on record.
    await t.app.db
      .insertInto('user_blocks')
      .values({ blocker_id: blocker!.id, blocked_id: viewer.id, created_at: new Date().toISOString() })
      .execute();

    const f = await feed(viewer.cookie);
    expect(find(f, 'friend_snapshot', open)).toEqual([
      expect.objectContaining({
        id: `friend_snapshot:${open}:${poster!.id}`,
        at: shown.createdAt,
        friend: expect.objectContaining({ id: poster!.id }),
        dj: null,
        unread: true,
      }),
    ]);
    for (const eventId of [moderated, hidden, attendees])
      expect(find(f, 'friend_snapshot', eventId)).toEqual([]);
    // Nobody else hears of them, and the wall's own rule opens the attendees-only wall with a ticket.
    expect((await feed(other.cookie)).items.filter((i) => i.kind === 'friend_snapshot')).toEqual([]);
    await giveTicket(t.app.db, viewer.id, attendees);
    expect(find(await feed(viewer.cookie), 'friend_snapshot', attendees).map((i) => i.friend?.id)).toEqual([
      poster!.id,
    ]);
  });
});
