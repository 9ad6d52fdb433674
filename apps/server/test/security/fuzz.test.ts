// Every operation of the OpenAPI document, sent malformed input: values of the wrong type, null, operator
// objects ({"$ne":1}), arrays, 100 KB strings, broken percent escapes in the path and the query, empty and
// non-JSON bodies, garbage multipart. Anonymous, and as a user powerful enough (admin, CEO owning the club, DJ,
// RPP) to get past every guard into validation and the handlers, with path parameters naming real rows. A bad
// input is the client's fault: the answer must be a 4xx (or a 2xx the input allows), never a 5xx and never a hang,
// and every 4xx names a code of the error catalogue.
//
// Nothing is left out: uploads (multipart, parsed in their handlers) get garbage forms as well as garbage JSON;
// the assistant's NDJSON stream is read to its end by inject; the Stripe webhook is documented once card
// payments are configured, so the app runs with the Stripe stand-in's keys and the webhook gets garbage too.
// Routes the document hides (pages, media files, better-auth under /api/auth/*) are not operations of the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { isErrorCode } from '@nocturna/shared';
import { TEST_ORIGIN, freshIp } from '../auth-helpers.ts';
import { person } from '../door-fixture.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { startStripeStandIn, type StripeStandIn } from '../stripe-stand-in.ts';
import {
  OMIT,
  fillPath,
  kindOf,
  operationsOf,
  sample,
  type JsonSchema,
  type Operation,
} from './openapi-operations.ts';
import { buildWorld, realParam, realProperty, type World } from './world.ts';

const HUGE = 'x'.repeat(100_000);
const OPERATOR = { $ne: 1 };
// A request that takes longer than this is a hang.
const HANG_MS = 60_000;

// Raw path segments: broken escapes, NUL, an encoded operator object, traversal, a 100 KB segment.
const BAD_PATH = ['%zz', '%', '%C0', '%00', '%7B%22%24ne%22%3A1%7D', '..%2F..%2Fadmin', HUGE];
// Raw query values, and ways to turn one parameter into an array or an object.
const BAD_QUERY = ['abc', '-1', '1e309', '%zz', '%00', HUGE];
const queryShapes = (name: string) => [`${name}=1&${name}=2`, `${name}[$ne]=1`];

// Values of the wrong kind for a property, by the kind its schema asks for.
const WRONG: Record<string, unknown[]> = {
  string: [12345, true, null, OPERATOR, ['a'], HUGE, '\u0000'],
  enum: [12345, null, OPERATOR, 'no-such-value'],
  integer: ['12', 'abc', null, OPERATOR, 1e308, -1, 1.5],
  number: ['abc', null, OPERATOR, 1e308, -1e308],
  boolean: ['true', null, OPERATOR],
  array: ['a', OPERATOR, [null], [OPERATOR], [HUGE]],
  object: ['x', [], null, OPERATOR],
  unknown: [null, OPERATOR, HUGE],
};
// One level down (a line-up slot, a commission, a ban, push keys): fewer, the outer round covers the kinds.
const WRONG_INSIDE = [OPERATOR, HUGE, '\u0000'];

// Whole bodies sent with a JSON content type (raw text), some of them not JSON at all.
const BAD_JSON_BODIES = [
  '',
  'null',
  '[]',
  '"texto"',
  '{"$ne":1}',
  '{bad',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  JSON.stringify(HUGE),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
];

const GARBAGE_FORMS: { contentType: string; payload: string }[] = [
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: 'multipart/form-data; boundary=zz', payload: '--zz\r\nbroken' },
  {
    contentType: 'multipart/form-data; boundary=zz',
    payload:
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot an image\r\n--zz--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=zz',
    payload: `--zz\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${HUGE}\r\n--zz--\r\n`,
  },
  { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: `--${'b'.repeat(300)}--\r\n` },
];

type Probe = { label: string; request: InjectOptions & { url: string } };

// Destructive operations go last, so the rest still find the world's rows in place.
function weight(op: Operation): number {
  if (op.method === 'GET') return 0;
  if (/cancel|deletion|revoke|withdraw|leave|abandon|unarchive|blocks/.test(op.path)) return 3;
  if (op.method === 'DELETE') return 2;
  return 1;
}

function probesFor(op: Operation, world: World, cookie: string | undefined, full: boolean): Probe[] {
  // From its own address (per-IP limits would answer 429 before the handler) and with an idempotency key (the
  // ticket routes refuse a purchase without one before looking at the body).
  const headers = () => ({
    origin: TEST_ORIGIN,
    'x-forwarded-for': freshIp(),
    'idempotency-key': randomUUID(),
    ...(cookie ? { cookie } : {}),
  });
  const real = (name: string) => {
    const param = op.pathParams.find((p) => p.name === name)!;
    return encodeURIComponent(realParam(world, op, param));
  };
  const basePath = fillPath(op, (p) => real(p.name));
  // Required query parameters, and optional ones that can name the world's rows (a club, an event).
  const pick = (name: string, schema: JsonSchema) => realProperty(world, op, name, schema);
  const baseQuery = op.queryParams
    .map((p) => [p.name, p.required ? sample(p.schema, p.name, pick) : pick(p.name, p.schema)] as const)
    .filter(([, value]) => value !== undefined && value !== OMIT)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  const url = (path: string, query: string[]) => (query.length ? `${path}?${query.join('&')}` : path);
  const baseBody = op.body ? (sample(op.body, '', pick) as Record<string, unknown>) : undefined;
  const json = (payload: unknown, label: string, path = basePath, query = baseQuery): Probe => ({
    label,
    request: {
      method: op.method,
      url: url(path, query),
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    },
  });
  const plain = (label: string, path = basePath, query = baseQuery): Probe =>
    baseBody !== undefined
      ? json(baseBody, label, path, query)
      : { label, request: { method: op.method, url: url(path, query), headers: headers() } };

  const probes: Probe[] = [plain('real ids')];
  for (const param of op.pathParams) {
    for (const bad of full ? BAD_PATH : BAD_PATH.slice(0, 3)) {
      const path = fillPath(op, (p) => (p.name === param.name ? bad : real(p.name)));
      probes.push(plain(`path ${param.name}=${bad.slice(0, 20)}`, path));
    }
  }
  if (!full) return probes;

  for (const param of op.queryParams) {
    const others = baseQuery.filter((q) => !q.startsWith(`${param.name}=`));
    for (const bad of BAD_QUERY)
      probes.push(
        plain(`query ${param.name}=${bad.slice(0, 20)}`, basePath, [...others, `${param.name}=${bad}`]),
      );
    for (const shape of queryShapes(param.name))
      probes.push(plain(`query ${shape}`, basePath, [...others, shape]));
  }
  probes.push(plain('query %zz', basePath, [...baseQuery, '%zz=%zz']));
  probes.push(
    plain('query __proto__', basePath, [...baseQuery, '__proto__[admin]=1&constructor[prototype][x]=1']),
  );

  if (op.method === 'GET') return probes;
  if (!op.body) {
    // No JSON body documented: uploads parse a form in the handler (first, before an upload's rate limit is
    // spent on the rest), the other operations must ignore a body or refuse it.
    for (const form of GARBAGE_FORMS)
      probes.push({
        label: `form ${form.contentType.slice(0, 40)} ${form.payload.slice(0, 20)}`,
        request: {
          method: op.method,
          url: url(basePath, baseQuery),
          headers: { ...headers(), 'content-type': form.contentType },
          payload: form.payload,
        },
      });
  }
  for (const body of BAD_JSON_BODIES) probes.push(json(body, `body ${body.slice(0, 20)}`));
  probes.push({
    label: 'text/plain body',
    request: {
      method: op.method,
      url: url(basePath, baseQuery),
      headers: { ...headers(), 'content-type': 'text/plain' },
      payload: 'hola',
    },
  });
  if (baseBody && op.body?.properties) {
    for (const [name, schema] of Object.entries(op.body.properties)) {
      for (const wrong of WRONG[kindOf(schema)] ?? WRONG.unknown!)
        probes.push(
          json({ ...baseBody, [name]: wrong }, `body.${name}=${JSON.stringify(wrong)?.slice(0, 20)}`),
        );
      const inner = schema.items?.properties ?? schema.properties;
      if (inner) {
        for (const innerName of Object.keys(inner)) {
          for (const wrong of WRONG_INSIDE) {
            const template =
              (Array.isArray(baseBody[name]) ? (baseBody[name] as unknown[])[0] : baseBody[name]) ?? {};
            const mutated = { ...(template as object), [innerName]: wrong };
            probes.push(
              json(
                { ...baseBody, [name]: schema.items ? [mutated] : mutated },
                `body.${name}.${innerName}=${JSON.stringify(wrong).slice(0, 20)}`,
              ),
            );
          }
        }
      }
    }
  }
  return probes;
}

describe.each(DIALECTS)('malformed input on every operation (%s)', (dialect) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(dialect, {
      stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url },
    });
    world = await buildWorld(t.app);
    operations = operationsOf(t.app).sort((a, b) => weight(a) - weight(b));
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('answers no 5xx and never hangs, anonymous and as a powerful user', async () => {
    const started = Date.now();
    const failures: string[] = [];
    let requests = 0;
    const send = async (probe: Probe, who: string) => {
      requests++;
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<'hang'>((resolve) => {
        timer = setTimeout(() => resolve('hang'), HANG_MS);
      });
      const response = await Promise.race([t.app.inject(probe.request), hang]);
      clearTimeout(timer);
      const where = `${who} ${probe.request.method} ${probe.request.url.slice(0, 160)} [${probe.label}]`;
      if (response === 'hang') failures.push(`${where} → no answer in ${HANG_MS} ms`);
      else if (response.statusCode >= 500)
        failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && /json/.test(String(response.headers['content-type']))) {
        // Every refusal speaks the catalogue: the web app words only the codes it lists.
        const code = (response.json() as { error?: { code?: unknown } }).error?.code;
        if (!isErrorCode(code)) failures.push(`${where} → ${response.statusCode} with code ${String(code)}`);
      }
      return response;
    };

    for (const op of operations) {
      // Anonymous: the guards answer 401 before validation, so a full round only where the operation is public.
      const first = await send(probesFor(op, world, undefined, false)[0]!, 'anonymous');
      const publicOp = first !== 'hang' && first.statusCode !== 401;
      for (const probe of probesFor(op, world, undefined, publicOp).slice(1)) await send(probe, 'anonymous');
      for (const probe of probesFor(op, world, world.power.cookie, true)) await send(probe, 'powerful');
    }
    console.log(
      `fuzz on ${dialect}: ${requests} requests over ${operations.length} operations in ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  // Found by the round above: busboy's own errors (no boundary, a body cut short, a boundary longer than 256
  // characters) came out of the upload routes as 500.
  it('answers 400 to a form it cannot read, on every upload route', async () => {
    const uploads = [
      '/api/me/avatar',
      '/api/dj/profile/photo',
      `/api/manage/clubs/${world.club.id}/logo`,
      `/api/manage/events/${world.event.id}/cover`,
      `/api/incidents/${world.incidentId}/photo`,
      `/api/wall/events/${world.event.id}/snapshots`,
    ];
    const broken = [GARBAGE_FORMS[0]!, GARBAGE_FORMS[1]!, GARBAGE_FORMS.at(-1)!];
    // The round above spent the powerful user's avatar uploads (10 in 10 minutes): a newcomer sends these.
    const newcomer = await person(t.app);
    for (const url of uploads) {
      for (const form of broken) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            origin: TEST_ORIGIN,
            cookie: url === '/api/me/avatar' ? newcomer.cookie : world.power.cookie,
            'content-type': form.contentType,
          },
          payload: form.payload,
        });
        expect(response.statusCode, `${url} ${form.contentType.slice(0, 40)}`).toBe(400);
        expect(response.json().error.code).toBe('MULTIPART_REQUIRED');
      }
    }
  });

  // Found by the round above on PostgreSQL, which refuses NUL in text: a %00 in a path or query value, or a
  // "\u0000" in a JSON string, reached a query and came back as a 500 (SQLite stored or looked it up as given).
  it('answers 400 naming where it was to a NUL in a path, a query or a body', async () => {
    const cases: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown, string | undefined][] = [
      ['query', 'GET', '/api/clubs?q=a%00b', undefined, undefined],
      ['query', 'GET', `/api/events?clubId=${world.club.id}&genre=%00`, undefined, world.power.cookie],
      ['path', 'DELETE', '/api/notifications/a%00b', undefined, world.power.cookie],
      ['path', 'GET', '/media/clubs/a%00b/logo.svg', undefined, undefined],
      ['body', 'PATCH', '/api/me/profile', { bio: 'Hola\u0000' }, world.power.cookie],
      ['body', 'POST', '/api/conversations', { userId: '\u0000' }, world.power.cookie],
    ];
    const fields = ['q', 'genre', 'id', 'clubId', 'bio', 'userId'];
    for (const [i, [where, method, url, payload, cookie]] of cases.entries()) {
      const response = await t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${where}: ${method} ${url}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: fields[i] });
    }
  });

  // Found by the round above: an admin manages every club, so billing for a club id that names nothing reached
  // the insert and the database refused it (foreign key) with a 500.
  it('answers 404 to billing for a club that does not exist, and writes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/clubs/no-such-club/billing',
      headers: { origin: TEST_ORIGIN, cookie: world.power.cookie },
      payload: { legalName: 'Sala Fantasma SL', nif: 'B12345678', vatPercent: 21, serviceFeeCents: 0 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('CLUB_NOT_FOUND');
    const rows = await t.app.db
      .selectFrom('club_billing')
      .select('club_id')
      .where('club_id', '=', 'no-such-club')
      .execute();
    expect(rows).toEqual([]);
    // Reading it is a 404 too, not the default settings of a club that is not there.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/clubs/no-such-club/billing',
      headers: { cookie: world.power.cookie },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('CLUB_NOT_FOUND');
  });
});
