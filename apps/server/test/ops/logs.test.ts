// A real server's JSON logs, read back after a run that signs in, signs up, searches for an e-mail address,
// follows an OAuth-style callback and opens a socket: no password, session cookie, query secret or full e-mail
// address appears anywhere, and every request and socket line carries its request id.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/madrid.ts';
import { io } from 'socket.io-client';
import { connected } from '../realtime-helpers.ts';
import { SERVER_HOOK_MS, startServer, waitUntil, type ServerProcess } from '../server-process.ts';

const DEMO_EMAIL = 'user@demo.nocturna.es';
const NEW_PASSWORD = 'Clave-Unica-De-Prueba-7319';
const NEW_EMAIL = 'lucia.registro.7319@example.com';
const OAUTH_CODE = 'oauth-code-5f2e9a1c';

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('logs of a real run', () => {
  let server: ServerProcess;
  let origin: string;
  const cookies: string[] = [];

  beforeAll(async () => {
    server = await startServer({ SEED_ON_START: 'true', LOG_LEVEL: 'debug', TRUST_PROXY: 'true' });
    origin = server.base.replace('127.0.0.1', 'localhost');
    const post = (url: string, body: unknown, ip: string) =>
      fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      });

    const signIn = await post(
      '/api/auth/sign-in/email',
      { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      '10.9.0.1',
    );
    expect(signIn.status).toBe(200);
    cookies.push(...signIn.headers.getSetCookie().map((c) => c.split(';')[0]!));
    const wrong = await post(
      '/api/auth/sign-in/email',
      { email: DEMO_EMAIL, password: NEW_PASSWORD },
      '10.9.0.2',
    );
    expect(wrong.status).toBe(401);
    const signUp = await post(
      '/api/auth/sign-up/email',
      {
        email: NEW_EMAIL,
        password: NEW_PASSWORD,
        firstName: 'Lucía',
        lastName: 'Registro',
        username: 'lucia_registro_7319',
        phoneNumber: '+34 600 000 000',
        dateOfBirth: '1996-03-02',
        gender: 'female',
        acceptTerms: true,
      },
      '10.9.0.3',
    );
    expect(signUp.status).toBe(200);
    cookies.push(...signUp.headers.getSetCookie().map((c) => c.split(';')[0]!));
    const cookie = cookies[0]!;

    expect((await fetch(`${server.base}/api/me`, { headers: { cookie } })).status).toBe(200);
    await fetch(`${server.base}/api/search?q=${encodeURIComponent(NEW_EMAIL)}`, { headers: { cookie } });
    await fetch(`${server.base}/api/auth/callback/google?code=${OAUTH_CODE}&state=estado-1`);

    // A socket whose handshake came through the proxy with a request id, sending an event nobody listens to.
    const socket = io(server.base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie, origin, 'x-request-id': 'handshake-req-42' },
    });
    await connected(socket);
    socket.emit('nadie:escucha', { hola: 1 });
    await waitUntil(
      async () => server.records().some((r) => r.msg === 'unknown socket event ignored'),
      5000,
      'the socket log line',
    );
    socket.disconnect();
    expect(await server.stop()).toBe(0);
  }, SERVER_HOOK_MS);

  afterAll(() => fs.rmSync(server.dataDir, { recursive: true, force: true }));

  it('holds no password, session cookie, query secret or full e-mail address', () => {
    const records = server.records();
    expect(records.length).toBeGreaterThan(20);
    const text = records.flatMap((r) => strings(r));
    const sessionTokens = cookies.map((c) => c.split('=')[1]!.split('.')[0]!);
    expect(sessionTokens.every((token) => token.length >= 16)).toBe(true);
    for (const value of text) {
      expect(value).not.toBe(DEMO_PASSWORD);
      expect(value).not.toContain(NEW_PASSWORD);
      expect(value).not.toContain(OAUTH_CODE);
      expect(value).not.toContain(DEMO_EMAIL);
      expect(value).not.toContain(NEW_EMAIL);
      expect(value).not.toContain(encodeURIComponent(NEW_EMAIL));
      for (const token of sessionTokens) expect(value).not.toContain(token);
    }
    // The masked forms are there: the search and the callback were logged, without their secrets.
    expect(text).toContain('/api/search?q=l***@example.com');
    expect(text.some((v) => v.startsWith('/api/auth/callback/google?code=[oculto]'))).toBe(true);
  });

  it('puts a request id on every request line and the handshake id on the socket lines', () => {
    const records = server.records();
    const requestLines = records.filter((r) => r.msg === 'incoming request' || r.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThan(10);
    expect(requestLines.every((r) => typeof r.reqId === 'string' && r.reqId.length > 0)).toBe(true);
    const socketLine = records.find((r) => r.msg === 'unknown socket event ignored');
    expect(socketLine).toMatchObject({ reqId: 'handshake-req-42', event: 'nadie:escucha' });
  });
});
