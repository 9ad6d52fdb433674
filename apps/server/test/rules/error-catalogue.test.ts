// The error catalogue: the OpenAPI document lists every code the API may answer with, and the refusals that come
// from Fastify itself (a body that is not JSON, too large, of a type no route reads) or from a guard outside the
// features answer a code of that list, not one of Fastify's internal FST_ERR_* names.
import { ERROR_CODES, isErrorCode } from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

describe.each(DIALECTS)('the error catalogue on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { metricsToken: 'token-de-metricas-de-prueba' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every code in the OpenAPI document, on the error answers of each operation', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const notFound = doc.paths['/api/events/{eventId}'].get.responses['404'];
    const schema = notFound.content['application/json'].schema;
    expect(schema.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it('answers a body that is not JSON with INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Lucía", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('answers a body of a type no route reads with UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-nocturna' },
      payload: 'hola',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with BODY_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('BODY_TOO_LARGE');
  });

  it('answers the metrics without their token with UNAUTHENTICATED, and a missing route with ROUTE_NOT_FOUND', async () => {
    const metrics = await t.app.inject('/metrics');
    expect(metrics.statusCode).toBe(401);
    expect(metrics.json().error.code).toBe('UNAUTHENTICATED');
    const missing = await t.app.inject('/api/no-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('ROUTE_NOT_FOUND');
    for (const response of [metrics, missing]) expect(isErrorCode(response.json().error.code)).toBe(true);
  });
});
