// A stand-in for a browser's push service (what Chrome's FCM or Mozilla's autopush are): an HTTPS endpoint that
// checks each request the way a push service does — the VAPID JWT signed by the application server's key, for
// this origin, not expired — and, playing the browser too, decrypts the aes128gcm payload (RFC 8291) with the
// subscription's private key and auth secret.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = { path: string; payload: unknown; ttl: string | undefined; subject: string };

export type PushStandIn = {
  origin: string;
  // A browser subscription on this stand-in: its endpoint and public keys, as PushManager.subscribe() gives them.
  subscription(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  refused: string[];
  // Endpoints that answer 410 Gone (an unsubscribed browser).
  gone: Set<string>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

function selfSignedCert(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  const result = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr.toString()}`);
  const pair = {
    key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

const b64u = (b: Buffer) => b.toString('base64url');

function p256PublicKey(raw: Buffer): crypto.KeyObject {
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
}

// Checks "vapid t=<jwt>, k=<public key>" as a push service would; returns the JWT's subject or throws.
function checkVapid(header: string | undefined, origin: string, expectedKey: string): string {
  const match = header?.match(/^vapid t=([^,]+),\s*k=(.+)$/);
  if (!match) throw new Error('no VAPID authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) throw new Error('unexpected application server key');
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: p256PublicKey(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000)
    throw new Error('bad exp');
  return claims.sub;
}

// RFC 8291 / RFC 8188 (aes128gcm), the receiving side.
function decrypt(body: Buffer, ua: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end);
}

export async function startPushStandIn(vapidPublicKey: () => string): Promise<PushStandIn> {
  const { key, cert } = selfSignedCert();
  // The server under test talks to this endpoint through Node's default agent: trust its certificate there.
  https.globalAgent.options.ca = cert;
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const gone = new Set<string>();
  const waiters: Array<() => void> = [];
  let origin = '';
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').split('/').pop()!;
      try {
        const subject = checkVapid(req.headers.authorization, origin, vapidPublicKey());
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (gone.has(name)) {
          res.writeHead(410).end();
          return;
        }
        const browser = browsers.get(name);
        if (!browser) throw new Error('unknown subscription');
        const payload = JSON.parse(
          decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'),
        ) as unknown;
        received.push({ path: req.url ?? '', payload, ttl: req.headers.ttl as string | undefined, subject });
        res.writeHead(201).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(403).end();
      }
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    subscription(name) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      browsers.set(name, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    received,
    refused,
    gone,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} pushes, refused: ${refused.join('; ')}`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
