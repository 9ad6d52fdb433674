// Every operation that needs a session says so first: an anonymous request gets 401 whatever else is wrong with it
// (a body of the wrong shape, a query value out of range, a path segment too long), never a 400 that describes the
// input of an operation it may not use. The guards run before validation on every route, so a client learns it
// must sign in the same way from every feature. Every operation of the OpenAPI document, read from the app.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { TEST_ORIGIN, freshIp } from '../auth-helpers.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { fillPath, operationsOf, sample, type JsonSchema, type Operation } from './openapi-operations.ts';

const TOO_LONG = 'x'.repeat(5000);

// A value the router takes (a segment of at most 100 characters, Fastify's limit) that the parameter's schema
// refuses; undefined where the schema takes any such segment.
function badSegment(schema: JsonSchema): string | undefined {
  if (schema.enum) return 'no-such-value';
  if (schema.format === 'uuid') return 'not-a-uuid';
  if (schema.maxLength !== undefined && schema.maxLength < 100) return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

type Broken = 'none' | 'body' | 'query' | 'path';

function request(op: Operation, broken: Broken): InjectOptions & { url: string } {
  const path = fillPath(op, (p) => {
    const bad = broken === 'path' ? badSegment(p.schema) : undefined;
    return bad ?? encodeURIComponent(String(sample(p.schema, p.name)));
  });
  const query = op.queryParams
    .filter((p) => p.required || broken === 'query')
    .map(
      (p) =>
        `${p.name}=${broken === 'query' ? TOO_LONG : encodeURIComponent(String(sample(p.schema, p.name)))}`,
    );
  const url = query.length ? `${path}?${query.join('&')}` : path;
  const headers = { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp(), 'idempotency-key': randomUUID() };
  if (!op.body) return { method: op.method, url, headers };
  // A JSON array where an object is asked for: well-formed JSON that no body schema of the API accepts.
  const payload = broken === 'body' ? '[]' : JSON.stringify(sample(op.body));
  return { method: op.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload };
}

describe.each(DIALECTS)('the sign-in check comes before validation (%s)', (dialect) => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    operations = operationsOf(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to an anonymous request with a bad body, query or path on every operation that needs a session', async () => {
    const wrong: string[] = [];
    let guarded = 0;
    for (const op of operations) {
      const plain = await t.app.inject(request(op, 'none'));
      if (plain.statusCode !== 401) continue;
      guarded++;
      const kinds = [
        ...(op.body ? (['body'] as const) : []),
        ...(op.queryParams.length ? (['query'] as const) : []),
        ...(op.pathParams.some((p) => badSegment(p.schema) !== undefined) ? (['path'] as const) : []),
      ];
      for (const kind of kinds) {
        const response = await t.app.inject(request(op, kind));
        // A segment the route's own pattern refuses (`:kind(logo|cover)`) names no route at all: the router's 404,
        // for anyone, before any hook of a route runs.
        if (
          kind === 'path' &&
          response.statusCode === 404 &&
          response.json().error.code === 'ROUTE_NOT_FOUND'
        )
          continue;
        if (response.statusCode !== 401)
          wrong.push(`${op.method} ${op.path} with a bad ${kind} → ${response.statusCode}`);
        else expect(response.json().error.code).toBe('UNAUTHENTICATED');
      }
    }
    // Most of the API needs a session: a guard that stopped answering 401 would show here as well.
    expect(guarded).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 120_000);
});
