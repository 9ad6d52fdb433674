// A small world for the security suites: a club run by a powerful user (CEO, DJ and RPP, admin too unless asked
// not to be; owner and promoter of the club), a night under way with ticket types, tickets, a waitlist, a card
// order, a line-up slot, a conversation, a guest list, an incident, a ban, a wall photo, an assistant conversation...
// each made through the real API where it is cheap, so the fuzz and mass-assignment requests can name real rows
// and reach the code behind the guards.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@nocturna/shared';
import { TEST_ORIGIN, signIn } from '../auth-helpers.ts';
import { caller, club, event, getTicket, person } from '../door-fixture.ts';
import { post } from '../wall-fixture.ts';
import { OMIT, type JsonSchema, type Operation, type Parameter } from './openapi-operations.ts';

export type World = Awaited<ReturnType<typeof buildWorld>>;

// The fields of the answers the world reads.
type Answer = {
  id?: string;
  conversation?: { id?: string };
  ban?: { id?: string };
  profile?: { slug?: string };
};

async function expectOk(what: string, response: { statusCode: number; body: string }): Promise<Answer> {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  // The assistant answers NDJSON: its first line is enough.
  const first = response.body.split('\n')[0];
  return first ? (JSON.parse(first) as Answer) : {};
}

export async function grantRoles(app: FastifyInstance, userId: string, roles: Role[]): Promise<void> {
  for (const role of roles)
    await app.db
      .insertInto('user_roles')
      .values({ user_id: userId, role, granted_by: null, granted_at: new Date().toISOString() })
      .execute();
}

// `powerIsAdmin: false` keeps the powerful user out of the admin role (the mass-assignment suite checks that no
// request gives it to them); an admin of their own then names them owner of the club.
export async function buildWorld(
  app: FastifyInstance,
  options: { powerIsAdmin: boolean } = { powerIsAdmin: true },
) {
  const call = caller(app);
  const power = await person(app, options.powerIsAdmin ? 'admin' : 'ceo');
  await grantRoles(app, power.id, options.powerIsAdmin ? ['ceo', 'dj', 'rpp'] : ['dj', 'rpp']);
  const admin = options.powerIsAdmin ? power : await person(app, 'admin');
  const other = await person(app);
  const door = await person(app);
  const home = await club(app);
  await expectOk(
    'owner',
    await call('POST', `/api/admin/clubs/${home.id}/owners`, admin.cookie, { login: power.email }),
  );
  await expectOk(
    'door staff',
    await call('POST', `/api/clubs/${home.id}/staff`, power.cookie, { login: door.username }),
  );
  // Types: 0 at the door, 1 free (guest lists take it), 2 paid online, 3 a single place (sold out: a waitlist).
  const night = await event(app, home.id, {
    startsInHours: -1,
    types: [
      { name: 'General', priceCents: 1500, capacity: 300 },
      { name: 'Lista', priceCents: 0, capacity: 50 },
      { name: 'Anticipada', priceCents: 2000, capacity: 10, kind: 'online' },
      { name: 'Última', priceCents: 1000, capacity: 1 },
    ],
  });
  const powerTicket = (await getTicket(app, power, night.typeId(1)))[0]!;
  const otherTicket = (await getTicket(app, other, night.typeId(0)))[0]!;
  await getTicket(app, other, night.typeId(3));
  const waitlist = await expectOk(
    'waitlist',
    await call('POST', `/api/ticket-types/${encodeURIComponent(night.typeId(3))}/waitlist`, power.cookie),
  );
  // A card order exists only where card payments are configured (the fuzz app runs with the Stripe stand-in).
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: { origin: TEST_ORIGIN, cookie: power.cookie, 'idempotency-key': randomUUID() },
    payload: { ticketTypeId: night.typeId(2), quantity: 1 },
  });
  const orderId =
    checkout.statusCode < 300
      ? String((checkout.json() as { checkout?: { orderId?: string } }).checkout?.orderId)
      : randomUUID();
  await expectOk(
    'line-up',
    await call('PATCH', `/api/manage/events/${night.id}`, power.cookie, {
      lineup: [{ djName: 'DJ Fuzz', djUserId: power.id, startTime: '00:00', endTime: '02:00' }],
    }),
  );

  await expectOk(
    'promoter',
    await call('POST', `/api/clubs/${home.id}/promoters`, power.cookie, {
      login: power.email,
      code: `FUZZ${process.pid}`,
      commission: { kind: 'fixed', value: 100 },
    }),
  );
  const list = await expectOk(
    'guest list',
    await call('POST', `/api/rpp/events/${night.id}/lists`, power.cookie, {
      name: 'Lista fuzz',
      ticketTypeId: night.typeId(1),
      capacity: 20,
      closesAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    }),
  );
  const dj = await expectOk(
    'dj profile',
    await call('PATCH', '/api/dj/profile', power.cookie, { name: 'DJ Fuzz', bio: 'Pruebas' }),
  );

  await expectOk(
    'connection',
    await call('POST', '/api/connections/requests', power.cookie, { userId: other.id }),
  );
  // One asked the other way, for the accept and decline routes.
  await expectOk(
    'incoming connection',
    await call('POST', '/api/connections/requests', door.cookie, { userId: power.id }),
  );
  const conversation = await expectOk(
    'conversation',
    await call('POST', '/api/conversations', power.cookie, { userId: other.id }),
  );
  const conversationId = String(conversation.id ?? conversation.conversation?.id);
  await call('POST', `/api/conversations/${conversationId}/messages`, power.cookie, { body: 'Hola' });

  const incident = await expectOk(
    'incident',
    await call('POST', `/api/door/events/${night.id}/incidents`, power.cookie, {
      type: 'other',
      description: 'Prueba de incidencia',
      ticketIds: [otherTicket.id],
    }),
  );
  const ban = await expectOk(
    'ban',
    await call('POST', `/api/clubs/${home.id}/bans`, power.cookie, {
      reason: 'Prueba de veto',
      until: null,
      ticketId: otherTicket.id,
    }),
  );
  await expectOk('assistant', await call('POST', '/api/assistant/messages', power.cookie, { text: 'hola' }));
  await expectOk(
    'contact',
    await call('POST', '/api/contact', other.cookie, {
      name: 'Persona',
      email: other.email,
      topic: 'general',
      message: 'Una pregunta de prueba.',
    }),
  );
  await expectOk(
    'report',
    await call('POST', '/api/reports', other.cookie, {
      target: { kind: 'user', userId: power.id },
      reason: 'spam',
    }),
  );
  await expectOk('export', await call('POST', '/api/me/exports', power.cookie));
  const snapshot = await expectOk('snapshot', await post(app, other, night.id));
  // A second session of the powerful user: the one the session routes may revoke, never the one in use.
  await signIn(app, power.email, power.password);

  const db = app.db;
  const firstId = async (
    table: 'notifications' | 'reports' | 'contact_messages' | 'data_exports' | 'assistant_messages',
    userColumn: string | null,
    userId?: string,
  ) => {
    let query = db.selectFrom(table).select('id').limit(1);
    if (userColumn && userId) query = query.where(userColumn as never, '=', userId as never);
    return (await query.executeTakeFirst())?.id ?? `none-${randomUUID()}`;
  };
  const assistantMessage = await db
    .selectFrom('assistant_messages')
    .select(['id', 'conversation_id'])
    .limit(1)
    .executeTakeFirst();
  const otherSession = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', power.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const listRow = await db
    .selectFrom('guest_lists')
    .selectAll()
    .where('event_id', '=', night.id)
    .limit(1)
    .executeTakeFirstOrThrow();

  return {
    power,
    admin,
    other,
    door,
    club: home,
    event: night,
    powerTicket,
    otherTicket,
    listId: list.id ?? listRow.id,
    listToken: listRow.signup_token,
    djSlug: dj.profile?.slug ?? 'none',
    waitlistEntryId: String(waitlist.id),
    snapshotId: String(snapshot.id),
    orderId,
    conversationId,
    incidentId: String(incident.id),
    banId: String(ban.id ?? ban.ban?.id),
    assistantConversationId: assistantMessage?.conversation_id ?? 'none',
    assistantMessageId: assistantMessage?.id ?? 'none',
    notificationId: await firstId('notifications', 'user_id', power.id),
    reportId: await firstId('reports', null),
    contactId: await firstId('contact_messages', null),
    exportId: await firstId('data_exports', 'user_id', power.id),
    sessionId: otherSession.id,
  };
}

// The real id a path parameter names, so a request reaches the handler's own checks.
export function realParam(world: World, op: Operation, param: Parameter): string {
  if (param.schema.enum?.length) return String(param.schema.enum[0]);
  const path = op.path;
  switch (param.name) {
    case 'clubId':
      return world.club.id;
    case 'eventId':
      return world.event.id;
    case 'typeId':
    case 'ticketTypeId':
      return world.event.typeId(0);
    case 'ticketId':
      return world.powerTicket.id;
    case 'userId':
      if (path.includes('/promoters/')) return world.power.id;
      if (path.includes('/staff/')) return world.door.id;
      if (path.includes('/connections/requests/')) return world.door.id;
      return world.other.id;
    case 'username':
      return world.other.username;
    case 'role':
      return 'dj';
    case 'slug':
      return world.djSlug;
    case 'listId':
      return world.listId;
    case 'token':
      return world.listToken;
    case 'incidentId':
      return world.incidentId;
    case 'banId':
      return world.banId;
    case 'conversationId':
      return world.assistantConversationId;
    case 'snapshotId':
      return world.snapshotId;
    case 'entryId':
      return world.waitlistEntryId;
    case 'orderId':
      return world.orderId;
    case 'messageId':
      return world.assistantMessageId;
    case 'id':
      if (path.startsWith('/api/me/sessions')) return world.sessionId;
      if (path.startsWith('/api/me/exports')) return world.exportId;
      if (path.startsWith('/api/notifications')) return world.notificationId;
      if (path.startsWith('/api/conversations')) return world.conversationId;
      if (path.startsWith('/api/admin/reports')) return world.reportId;
      if (path.startsWith('/api/admin/contact')) return world.contactId;
      return `none-${randomUUID()}`;
    default:
      // No row of that kind in the world (door conflicts): a well-formed
      // id that names nothing still runs the handler's lookup.
      return randomUUID();
  }
}

// What a body property should hold to name the world's rows (and not somebody else's), or OMIT for one the
// valid-ish body leaves out; undefined leaves the value to the schema.
export function realProperty(world: World, op: Operation, name: string, schema: JsonSchema): unknown {
  if (schema.enum) return undefined;
  const path = op.path;
  const hour = 3600_000;
  switch (name) {
    case 'clubId':
      return world.club.id;
    case 'eventId':
      return world.event.id;
    case 'from':
    case 'to':
      return path.includes('statement') ? OMIT : undefined;
    case 'ticketTypeId':
      // Guest lists give the free type.
      return path.startsWith('/api/rpp') ? world.event.typeId(1) : world.event.typeId(0);
    case 'ticketId':
      return path.startsWith('/api/door') || path.includes('/bans')
        ? world.otherTicket.id
        : world.powerTicket.id;
    case 'token':
      return path.includes('/scans') ? OMIT : undefined;
    case 'ticketIds':
      return [world.otherTicket.id];
    case 'userId':
    case 'toUserId':
      return world.other.id;
    case 'djUserId':
      return world.power.id;
    case 'login':
      return world.door.username;
    case 'conversationId':
      return world.assistantConversationId;
    case 'ids':
      return [world.event.typeId(1), world.event.typeId(0), world.event.typeId(2), world.event.typeId(3)];
    case 'salesFrom':
      return new Date(Date.now() - hour).toISOString();
    case 'salesUntil':
      return new Date(Date.now() + 72 * hour).toISOString();
    case 'occurredAt':
      return new Date(Date.now() - 0.2 * hour).toISOString();
    case 'hours':
      return path.includes('cancel-rule') ? OMIT : undefined;
    case 'instagram':
      return path === '/api/me/profile' ? 'fuzz.insta' : undefined;
    case 'refusal':
      return OMIT;
    case 'latitude':
      return 40.42;
    case 'longitude':
      return -3.7;
    case 'capacity':
      return path.startsWith('/api/manage/clubs') ? 500 : 5;
    case 'code':
    case 'rpp':
      return path === '/api/tickets' ? OMIT : undefined;
    case 'minimumAge':
      return 18;
    case 'quantity':
      return 1;
    case 'website':
      return path === '/api/contact' ? '' : undefined;
    default:
      return undefined;
  }
}
