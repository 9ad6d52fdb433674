// Mass assignment: every create or update operation of the OpenAPI document (POST, PUT, PATCH with a JSON body)
// is sent a valid body plus fields it does not document: role, userId, clubId, priceCents, status,
// emailVerified, id and createdAt, with values no request of the suite ever sets otherwise (another person's
// id and club, a price of 1 cent, 'cancelled', 'admin', a date in 2001). The whole database is read before and
// after each request, and no row the request wrote may hold one of those values. The person sending them keeps
// their roles and their unverified e-mail. better-auth's sign-up and update-user (not in the document) too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN, freshIp, newProfile } from '../auth-helpers.ts';
import { club, event, getTicket, person, type Person } from '../door-fixture.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { fillPath, operationsOf, sample, type JsonSchema, type Operation } from './openapi-operations.ts';
import { buildWorld, grantRoles, realParam, realProperty, type World } from './world.ts';

const INJECTED_ID = 'mass-assign-id';
const INJECTED_DATE = '2001-02-03T04:05:06.000Z';
const INJECTED_PRICE = 1;

type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;

// Every table of this test's database (on PostgreSQL, of its own schema), but Kysely's migration bookkeeping.
async function tablesOf(t: TestApp): Promise<string[]> {
  const schema = t.config.database.kind === 'postgres' ? t.config.database.schema : undefined;
  const tables = await t.app.db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && !table.name.startsWith('kysely_'))
    .filter((table) => (schema ? table.schema === schema : true))
    .map((table) => table.name);
}

async function snapshot(app: FastifyInstance, tables: string[]): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const table of tables)
    out.set(
      table,
      (await app.db
        .selectFrom(table as never)
        .selectAll()
        .execute()) as Row[],
    );
  return out;
}

const normal = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const key = (row: Row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, normal(v)]));
const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

// The rows a request wrote: new ones and changed ones (their earlier version, when the table has ids).
function written(before: Snapshot, after: Snapshot) {
  const out: { table: string; row: Row; earlier?: Row }[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? [];
    const seen = new Set(old.map(key));
    const byId = new Map(old.filter((r) => r.id !== undefined).map((r) => [JSON.stringify(r.id), r]));
    for (const row of rows)
      if (!seen.has(key(row)))
        out.push({
          table,
          row,
          earlier: row.id !== undefined ? byId.get(JSON.stringify(row.id)) : undefined,
        });
  }
  return out;
}

// Operations whose rows carry an owner, a club, a price or a status, which must take the body with extras.
const CORE = [
  'POST /api/manage/clubs',
  'PATCH /api/manage/clubs/{clubId}',
  'POST /api/manage/events',
  'PATCH /api/manage/events/{eventId}',
  'POST /api/manage/events/{eventId}/ticket-types',
  'PATCH /api/manage/events/{eventId}/ticket-types/{typeId}',
  'POST /api/tickets',
  'POST /api/tickets/{ticketId}/transfer',
  'PUT /api/clubs/{clubId}/billing',
  'POST /api/clubs/{clubId}/promoters',
  'POST /api/clubs/{clubId}/staff',
  'POST /api/admin/clubs/{clubId}/owners',
  'POST /api/rpp/events/{eventId}/lists',
  'POST /api/conversations/{id}/messages',
  'POST /api/reports',
  'POST /api/door/events/{eventId}/scans',
  'PATCH /api/dj/profile',
  'POST /api/me/deletion',
];

type Victim = { user: Person; clubId: string; eventId: string };

const AUTH_EXTRAS = (victim: Victim) => ({
  role: 'admin',
  roles: ['admin'],
  emailVerified: true,
  email_verified: true,
  id: INJECTED_ID,
  userId: victim.user.id,
  createdAt: INJECTED_DATE,
  updatedAt: INJECTED_DATE,
});

const EXTRAS = (victim: Victim): Record<string, unknown> => ({
  role: 'admin',
  userId: victim.user.id,
  clubId: victim.clubId,
  priceCents: INJECTED_PRICE,
  status: 'cancelled',
  emailVerified: true,
  id: INJECTED_ID,
  createdAt: INJECTED_DATE,
});

// The extra fields of an operation's body: a field the operation documents is not extra, it is its to set.
function extrasFor(op: Operation, victim: Victim): Record<string, unknown> {
  const documented = new Set(Object.keys(op.body?.properties ?? {}));
  return Object.fromEntries(Object.entries(EXTRAS(victim)).filter(([name]) => !documented.has(name)));
}

// The extra fields added to the body and to every object inside it (a line-up slot, a commission, a ban...),
// each level leaving out the fields its own schema documents.
function withExtras(schema: JsonSchema, value: unknown, victim: Victim): unknown {
  if (Array.isArray(value)) return value.map((item) => withExtras(schema.items ?? {}, item, victim));
  if (value === null || typeof value !== 'object' || !schema.properties) return value;
  const documented = new Set(Object.keys(schema.properties));
  const extras = Object.entries(EXTRAS(victim)).filter(([name]) => !documented.has(name));
  const inner = Object.entries(value).map(([name, v]) => [
    name,
    withExtras(schema.properties![name]!, v, victim),
  ]);
  return Object.fromEntries([...inner, ...extras]);
}

// What the injected fields would have done, had they been taken, in the rows the request wrote.
function holes(
  writes: ReturnType<typeof written>,
  extras: Record<string, unknown>,
  victim: Victim,
): string[] {
  const found: string[] = [];
  const foreign = new Map<unknown, string>([
    [victim.user.id, 'userId'],
    [victim.clubId, 'clubId'],
    [INJECTED_ID, 'id'],
  ]);
  for (const { table, row, earlier } of writes) {
    for (const [column, raw] of Object.entries(row)) {
      const value = normal(raw);
      const changed = earlier === undefined || key({ v: normal(earlier[column]) }) !== key({ v: value });
      if (!changed) continue;
      const at = `${table}.${column} = ${JSON.stringify(value)}`;
      if (foreign.has(value) && foreign.get(value)! in extras)
        found.push(`${at} (from ${foreign.get(value)})`);
      if (typeof value === 'string' && value.startsWith(INJECTED_DATE.slice(0, 10)) && 'createdAt' in extras)
        found.push(`${at} (from createdAt)`);
      if (column.endsWith('_cents') && Number(value) === INJECTED_PRICE && 'priceCents' in extras)
        found.push(`${at} (from priceCents)`);
      if (column === 'status' && value === 'cancelled' && 'status' in extras)
        found.push(`${at} (from status)`);
      if (column === 'role' && value === 'admin' && 'role' in extras) found.push(`${at} (from role)`);
      if (column === 'email_verified' && truthy(value) && 'emailVerified' in extras)
        found.push(`${at} (from emailVerified)`);
    }
  }
  return found;
}

// Destructive operations go last, so the rest still find the world's rows in place; deleting the account last of all.
const weight = (op: Operation) =>
  op.path === '/api/me/deletion' ? 2 : /cancel|revoke|withdraw|leave|abandon|blocks/.test(op.path) ? 1 : 0;

describe.each(DIALECTS)('mass assignment on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let victim: Victim;
  let recruit: Person;
  let tables: string[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    world = await buildWorld(t.app, { powerIsAdmin: false });
    // Somebody else's account, club, night and ticket: the values the extra fields point at.
    const user = await person(t.app);
    const theirs = await club(t.app);
    const theirCeo = await person(t.app, 'ceo');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/clubs/${theirs.id}/owners`,
      headers: { origin: TEST_ORIGIN, cookie: world.admin.cookie },
      payload: { login: theirCeo.email },
    });
    const night = await event(t.app, theirs.id, { startsInHours: 30 });
    await getTicket(t.app, user, night.typeId(0));
    victim = { user, clubId: theirs.id, eventId: night.id };
    // Someone the club can still take on as door staff, owner and promoter.
    recruit = await person(t.app, 'ceo');
    await grantRoles(t.app, recruit.id, ['rpp']);
    // Connected, so a ticket can be passed on to them.
    await t.app.inject({
      method: 'POST',
      url: `/api/connections/requests/${world.power.id}/accept`,
      headers: { origin: TEST_ORIGIN, cookie: world.other.cookie },
    });
    tables = await tablesOf(t);
  });
  afterAll(async () => t?.close());

  const writes = () =>
    operationsOf(t.app)
      .filter((op) => op.method !== 'GET' && op.method !== 'DELETE' && op.body?.properties)
      .sort((a, b) => weight(a) - weight(b));

  it('takes no role, owner, club, price, status, verification, id or date from fields an operation does not document', async () => {
    const started = Date.now();
    const problems: string[] = [];
    const outcome: Record<string, number> = {};
    const ops = writes();
    let typeIds: string[] = [];
    const typesOf = async (eventId: string) =>
      (
        await t.app.db
          .selectFrom('ticket_types')
          .select('id')
          .where('event_id', '=', eventId)
          .orderBy('position')
          .execute()
      ).map((r) => r.id);
    for (const op of ops) {
      const pick = (name: string, schema: JsonSchema) => {
        // Valid for the operation, so it gets as far as writing: a login the club can still take on, the price
        // the type already sells at, the right password (account deletion goes last).
        if (name === 'login') return recruit.username;
        if (name === 'priceCents') return 1500;
        if (name === 'password') return world.power.password;
        if (name === 'ids') return typeIds;
        return realProperty(world, op, name, schema);
      };
      if (op.path.endsWith('/ticket-types/order')) typeIds = await typesOf(world.event.id);
      const body = withExtras(op.body!, sample(op.body!, '', pick), victim) as Record<string, unknown>;
      const cookie = op.path.startsWith('/api/admin/') ? world.admin.cookie : world.power.cookie;
      const before = await snapshot(t.app, tables);
      const response = await t.app.inject({
        method: op.method,
        url: fillPath(op, (p) => encodeURIComponent(realParam(world, op, p))),
        headers: {
          origin: TEST_ORIGIN,
          cookie,
          'x-forwarded-for': freshIp(),
          'idempotency-key': randomUUID(),
        },
        payload: body,
      });
      const after = await snapshot(t.app, tables);
      outcome[`${op.method} ${op.path}`] = response.statusCode;
      for (const hole of holes(written(before, after), extrasFor(op, victim), victim))
        problems.push(`${op.method} ${op.path} → ${response.statusCode}: ${hole}`);
    }
    const accepted = Object.values(outcome).filter((s) => s < 300).length;
    console.log(
      `mass assignment on ${dialect}: ${ops.length} operations, ${accepted} accepted the body with extra fields, ` +
        `${ops.length - accepted} refused it, in ${Date.now() - started} ms`,
    );
    expect(problems).toEqual([]);
    // Refusing the body is fine (a strict schema names the extra fields), failing on it is not.
    expect(Object.entries(outcome).filter(([, status]) => status >= 500)).toEqual([]);
    // The check means something only where the body was taken: the operations that write what the fields name.
    for (const op of CORE) expect(outcome[op], op).toBeLessThan(300);

    // The sender is still exactly who they were.
    const roles = await t.app.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', world.power.id)
      .execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['ceo', 'dj', 'rpp']);
    const me = await t.app.db
      .selectFrom('users')
      .select(['id', 'email_verified'])
      .where('id', '=', world.power.id)
      .executeTakeFirstOrThrow();
    expect(truthy(me.email_verified)).toBe(false);
  }, 120_000);

  // The check itself: a write of an injected value between the two reads is seen.
  it('sees an injected value when one is written', async () => {
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'user_roles', 'tickets', 'ticket_types', 'events']),
    );
    // An operation that documents none of the extra fields: all of them are checked.
    const op = writes().find((o) => o.method === 'PATCH' && o.path === '/api/manage/events/{eventId}')!;
    const before = await snapshot(t.app, tables);
    await t.app.db
      .updateTable('ticket_types')
      .set({ price_cents: INJECTED_PRICE })
      .where('id', '=', world.event.typeId(0))
      .execute();
    await t.app.db
      .insertInto('user_roles')
      .values({ user_id: victim.user.id, role: 'admin', granted_by: null, granted_at: INJECTED_DATE })
      .execute();
    const found = holes(written(before, await snapshot(t.app, tables)), extrasFor(op, victim), victim);
    await t.app.db.deleteFrom('user_roles').where('user_id', '=', victim.user.id).execute();
    await t.app.db
      .updateTable('ticket_types')
      .set({ price_cents: 1500 })
      .where('id', '=', world.event.typeId(0))
      .execute();
    expect(found).toEqual([
      'ticket_types.price_cents = 1 (from priceCents)',
      expect.stringContaining('user_roles.user_id'),
      'user_roles.role = "admin" (from role)',
      expect.stringContaining('user_roles.granted_at'),
    ]);
  });

  // better-auth's own routes are not in the document; its user table takes additional fields only where the
  // configuration says input: true.
  it('takes no role, verification, id or date at sign-up', async () => {
    const before = await snapshot(t.app, tables);
    const profile = newProfile();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() },
      payload: { ...profile, ...AUTH_EXTRAS(victim) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const holesFound = holes(written(before, await snapshot(t.app, tables)), AUTH_EXTRAS(victim), victim);
    expect(holesFound).toEqual([]);
    const user = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', profile.email)
      .executeTakeFirstOrThrow();
    expect(user.id).not.toBe(INJECTED_ID);
    expect(truthy(user.email_verified)).toBe(false);
    expect(
      await t.app.db.selectFrom('user_roles').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('takes no role, verification, e-mail, id or date on update-user', async () => {
    const someone = await person(t.app);
    const before = await snapshot(t.app, tables);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie: someone.cookie, 'x-forwarded-for': freshIp() },
      payload: { firstName: 'Nuevo', ...AUTH_EXTRAS(victim), email: victim.user.email },
    });
    // Taking the documented field and dropping the rest, or refusing the whole body: either, never a 5xx.
    expect(response.statusCode, response.body).toBeLessThan(500);
    const holesFound = holes(written(before, await snapshot(t.app, tables)), AUTH_EXTRAS(victim), victim);
    expect(holesFound).toEqual([]);
    const user = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', someone.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(someone.email);
    expect(truthy(user.email_verified)).toBe(false);
    expect(
      await t.app.db.selectFrom('user_roles').selectAll().where('user_id', '=', someone.id).execute(),
    ).toEqual([]);
  });
});
